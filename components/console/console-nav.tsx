'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import type { NavItem } from './nav-items';

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function ConsoleNav({ items, secondary }: { items: NavItem[]; secondary: NavItem[] }) {
  const pathname = usePathname();
  const link = (item: NavItem) => {
    const active = isActive(pathname, item.href);
    return (
      <li key={item.href}>
        <Link
          href={item.href}
          aria-current={active ? 'page' : undefined}
          className={cn(
            'block rounded-md px-3 py-2 text-sm font-medium',
            active ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          )}
        >
          {item.label}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label="Console">
      <ul className="space-y-0.5">{items.map(link)}</ul>
      {secondary.length > 0 && <ul className="mt-4 space-y-0.5 border-t border-slate-200 pt-4">{secondary.map(link)}</ul>}
    </nav>
  );
}
