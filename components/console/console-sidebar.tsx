'use client';

import { usePathname } from 'next/navigation';
import { useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * The console's side bar. From the `md` breakpoint up it is always shown; on a phone the
 * navigation folds behind a "Menu" button (aria-expanded) so a page starts with its content.
 * Escape closes it (focus back on the button), and so does following any of its links.
 */
export function ConsoleSidebar({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // A navigation (also via the back button) folds the menu again.
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  return (
    <aside className="shrink-0 border-b border-slate-200 bg-white md:w-60 md:border-r md:border-b-0">
      <div className="flex items-start justify-between gap-3 px-4 py-4">
        <div className="min-w-0">{brand}</div>
        <button
          ref={buttonRef}
          type="button"
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          Menu
        </button>
      </div>
      <div
        id={panelId}
        className={cn('px-2 pb-4 md:block', !open && 'hidden')}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            setOpen(false);
            buttonRef.current?.focus();
          }
        }}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        {children}
      </div>
    </aside>
  );
}
