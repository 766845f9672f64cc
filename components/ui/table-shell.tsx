import type { ReactNode } from 'react';
import { cn } from './cn';
import { Skeleton } from './skeleton';

/** The header cell classes every console table uses (for tables that write their own `<th>`s). */
export const tableHeadCell = 'px-4 py-2.5 whitespace-nowrap';
/** The body cell classes every console table uses. */
export const tableCell = 'px-4 py-2.5 align-middle';

/**
 * The one frame of every console table: toolbar, a scroll box (wide tables scroll inside their
 * card, never the page), the header, the body's loading / error / empty states and a footer
 * (paging). DataTable builds on it for server-paged lists; small fixed tables (detail pages, the
 * overview, the CSV steps) use it directly. No hooks, so server components can render it too.
 */
export function TableShell({
  label,
  columnCount,
  head,
  children,
  rowCount,
  loading = false,
  skeletonRows = 5,
  fetching = false,
  error,
  emptyState,
  toolbar,
  footer,
  bare = false,
  className,
  cards,
}: {
  /** Accessible name of the table. */
  label: string;
  columnCount: number;
  /** The `<tr>` rows of `<thead>`. */
  head: ReactNode;
  /** The `<tr>` rows of `<tbody>`. */
  children: ReactNode;
  rowCount: number;
  /** First load: skeleton rows instead of the body. */
  loading?: boolean;
  skeletonRows?: number;
  /** A refetch while the previous rows are still shown (dims them). */
  fetching?: boolean;
  /** Shown in place of the rows when the query failed. */
  error?: ReactNode;
  emptyState?: ReactNode;
  toolbar?: ReactNode;
  footer?: ReactNode;
  /** Without the card border (the table already sits in a card). */
  bare?: boolean;
  className?: string;
  /** Phones: the rows as `<li>` cards instead of the table (the same states around them). */
  cards?: ReactNode;
}) {
  if (cards !== undefined) {
    let content: ReactNode;
    if (loading && rowCount === 0)
      content = (
        <div className="space-y-3 p-4">
          {Array.from({ length: Math.min(skeletonRows, 3) }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      );
    else if (error)
      content = (
        <div className="px-4 py-8 text-center text-sm text-red-700" role="alert">
          {error}
        </div>
      );
    else if (rowCount === 0) content = emptyState ?? <p className="px-4 py-8 text-center text-slate-600">No results.</p>;
    else
      content = (
        <ul
          aria-label={label}
          aria-busy={fetching || undefined}
          className={cn('divide-y divide-slate-100 transition-opacity', fetching && 'opacity-60')}
        >
          {cards}
        </ul>
      );
    return (
      <div className={cn('min-w-0', !bare && 'rounded-lg border border-slate-200 bg-white shadow-xs', className)}>
        {toolbar && <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">{toolbar}</div>}
        {content}
        {footer && <div className="border-t border-slate-100">{footer}</div>}
      </div>
    );
  }
  let body: ReactNode;
  if (loading && rowCount === 0) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={`skeleton-${i}`}>
        {Array.from({ length: columnCount }, (__, j) => (
          <td key={j} className="px-4 py-3">
            <Skeleton className="h-4 w-full max-w-32" />
          </td>
        ))}
      </tr>
    ));
  } else if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-4 py-8 text-center text-sm text-red-700" role="alert">
          {error}
        </td>
      </tr>
    );
  } else if (rowCount === 0) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          {emptyState ?? <p className="px-4 py-8 text-center text-slate-600">No results.</p>}
        </td>
      </tr>
    );
  } else {
    body = children;
  }
  return (
    <div
      className={cn(
        'min-w-0',
        !bare && 'rounded-lg border border-slate-200 bg-white shadow-xs',
        className,
      )}
    >
      {toolbar && (
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          {toolbar}
        </div>
      )}
      {/* Focusable so keyboard users can scroll a table wider than the screen. */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
        <table
          className="w-full text-left text-sm"
          aria-label={label}
          aria-busy={loading || fetching || undefined}
        >
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {head}
          </thead>
          <tbody
            className={cn(
              'divide-y divide-slate-100 transition-opacity',
              fetching && rowCount > 0 && 'opacity-60',
            )}
          >
            {body}
          </tbody>
        </table>
      </div>
      {footer && <div className="border-t border-slate-100">{footer}</div>}
    </div>
  );
}
