'use client';

import { useId } from 'react';
import { Button } from './button';
import { Select } from './select';

export type PaginationInfo = { page: number; limit: number; total: number; totalPages: number };

const defaultSizes = [10, 20, 50, 100];

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
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600"
    >
      <p aria-live="polite">
        {total === 0 ? 'No results' : `Showing ${first}–${last} of ${total}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
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
        <span className="whitespace-nowrap">
          Page {totalPages === 0 ? 0 : page} of {totalPages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page - 1)}
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
      </div>
    </nav>
  );
}
