import { headers } from 'next/headers';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { ConsoleNav } from '@/components/console/console-nav';
import { navItems, secondaryNavItems } from '@/components/console/nav-items';
import { SignOutButton } from '@/components/console/sign-out-button';
import { getAdminFromHeaders } from '@/lib/auth/session';

/** Every console page: signed-in admins only; shows the organization, the admin and the areas. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const context = await getAdminFromHeaders(await headers());
  if (!context) redirect('/login');
  const { organization, admin } = context;
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="shrink-0 border-b border-slate-200 bg-white md:w-60 md:border-r md:border-b-0">
        <div className="px-4 py-4">
          <Link href="/overview" className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">
            CL2C Admin
          </Link>
          <p className="mt-1 truncate text-sm font-semibold text-slate-900" data-testid="organization-name" title={organization.name}>
            {organization.name}
          </p>
          <p className="truncate text-xs text-slate-500">tenant: {organization.tenant}</p>
        </div>
        <div className="px-2 pb-4">
          <ConsoleNav items={navItems} secondary={secondaryNavItems} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white px-6 py-2.5">
          <div className="text-right text-sm leading-tight">
            <p className="font-medium text-slate-900" data-testid="admin-email">
              {admin.email}
            </p>
            <p className="text-xs text-slate-500">{admin.role === 'OWNER' ? 'Owner' : 'Administrator'}</p>
          </div>
          <SignOutButton />
        </header>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-6 py-6">
          {children}
        </main>
      </div>
    </div>
  );
}
