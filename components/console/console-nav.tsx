'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import type { NavItem } from './nav-items';
import { useUnread } from './notifications';

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function ConsoleNav({ items, secondary }: { items: NavItem[]; secondary: NavItem[] }) {
  const pathname = usePathname();
  const unread = useUnread();
  const link = (item: NavItem) => {
    const active = isActive(pathname, item.href);
    return (
      <li key={item.href}>
        <Link
          href={item.href}
          aria-current={active ? 'page' : undefined}
          className={cn(
            'block rounded-md px-3 py-2 text-sm font-medium',
            active
              ? 'bg-indigo-50 text-indigo-800'
              : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          )}
        >
          {item.label}
          {item.href === '/activity' && unread > 0 && (
            <span
              className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white"
              data-testid="activity-unread"
            >
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label="Console">
      <ul className="space-y-0.5">{items.map(link)}</ul>
      {secondary.length > 0 && (
        <ul className="mt-4 space-y-0.5 border-t border-slate-200 pt-4">{secondary.map(link)}</ul>
      )}
    </nav>
  );
}
