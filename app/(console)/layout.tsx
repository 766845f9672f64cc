import Link from 'next/link';
import type { ReactNode } from 'react';
import { ConsoleNav } from '@/components/console/console-nav';
import { ConsoleSidebar } from '@/components/console/console-sidebar';
import { navItems, secondaryNavItems } from '@/components/console/nav-items';
import { NotificationsPoller } from '@/components/console/notifications';
import { SignOutButton } from '@/components/console/sign-out-button';
import { requireConsoleAdmin } from '@/lib/auth/console-context';

/** Every console page: signed-in admins only; shows the organization, the admin and the areas. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { organization, admin } = await requireConsoleAdmin();
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ConsoleSidebar
        brand={
          <>
            <Link
              href="/overview"
              className="text-xs font-semibold tracking-wide text-indigo-700 uppercase"
            >
              CL2C Admin
            </Link>
            <p
              className="mt-1 truncate text-sm font-semibold text-slate-900"
              data-testid="organization-name"
              title={organization.name}
            >
              {organization.name}
            </p>
            <p className="truncate text-xs text-slate-600">tenant: {organization.tenant}</p>
          </>
        }
      >
        <ConsoleNav items={navItems} secondary={secondaryNavItems} />
        <NotificationsPoller />
      </ConsoleSidebar>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white px-4 py-2.5 sm:px-6">
          <div className="text-right text-sm leading-tight">
            <p className="font-medium break-all text-slate-900" data-testid="admin-email">
              {admin.email}
            </p>
            <p className="text-xs text-slate-600">
              {admin.role === 'OWNER' ? 'Owner' : 'Administrator'}
            </p>
          </div>
          <SignOutButton />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
