'use client';

import { useId, useState, type FormEvent } from 'react';
import { Button } from './button';
import { Input } from './input';
import { Select } from './select';

export type PaginationInfo = { page: number; limit: number; total: number; totalPages: number };

const defaultSizes = [10, 20, 50, 100];

/**
 * Paging of a server-side list: first, previous, next and last, a page number to jump to, and the
 * page size. A page past the end (a stale link, `?page=99`) says nothing about rows it does not
 * have: the table above explains it and offers the last page.
 */
export function Pagination({
  pagination,
  onPageChange,
  onLimitChange,
  pageSizes = defaultSizes,
  label = 'Pagination',
}: {
  pagination: PaginationInfo;
  onPageChange: (page: number) => void;
  onLimitChange?: (limit: number) => void;
  pageSizes?: number[];
  /** The navigation landmark's name (unique when a page has several paged tables). */
  label?: string;
}) {
  const { page, limit, total, totalPages } = pagination;
  const sizeId = useId();
  const jumpId = useId();
  const [draft, setDraft] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const outOfRange = total > 0 && page > totalPages;
  const first = total === 0 || outOfRange ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);

  const jump = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(draft);
    if (!/^\d+$/.test(draft.trim()) || n < 1 || n > totalPages) {
      setJumpError(`Enter a page from 1 to ${totalPages}.`);
      return;
    }
    setJumpError(null);
    setDraft('');
    onPageChange(n);
  };

  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600"
    >
      <p aria-live="polite">
        {total === 0
          ? 'No results'
          : outOfRange
            ? `${total} ${total === 1 ? 'result' : 'results'} on ${totalPages} ${totalPages === 1 ? 'page' : 'pages'}`
            : `Showing ${first}–${last} of ${total}`}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {onLimitChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap">
              Rows per page
            </label>
            <Select
              id={sizeId}
              className="w-24"
              value={String(limit)}
              onChange={(e) => onLimitChange(Number(e.target.value))}
              options={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
            />
          </div>
        )}
        {totalPages > 1 && (
          <form className="flex items-center gap-2" onSubmit={jump} noValidate>
            <label htmlFor={jumpId} className="whitespace-nowrap">
              Go to page
            </label>
            <Input
              id={jumpId}
              inputMode="numeric"
              className="w-20"
              value={draft}
              placeholder={outOfRange ? '' : String(page)}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={jumpError ? true : undefined}
              aria-describedby={jumpError ? `${jumpId}-error` : undefined}
            />
            <Button type="submit" variant="secondary" size="sm">
              Go
            </Button>
            {jumpError && (
              <span id={`${jumpId}-error`} className="text-red-700" role="alert">
                {jumpError}
              </span>
            )}
          </form>
        )}
        {!outOfRange && (
          <span className="whitespace-nowrap">
            Page {totalPages === 0 ? 0 : page} of {totalPages}
          </span>
        )}
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" onClick={() => onPageChange(1)} disabled={page <= 1} aria-label="First page">
            <span aria-hidden="true">«</span>
            <span className="hidden sm:inline">First</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(Math.min(page - 1, totalPages))}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= totalPages}
            aria-label="Next page"
          >
            Next
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(totalPages)}
            disabled={page === totalPages || totalPages === 0}
            aria-label="Last page"
          >
            <span className="hidden sm:inline">Last</span>
            <span aria-hidden="true">»</span>
          </Button>
        </div>
      </div>
    </nav>
  );
}
