'use client';

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { Pagination, type PaginationInfo } from './pagination';
import { SearchInput } from './search-input';
import { Skeleton } from './skeleton';
import type { TableSearchState } from './use-url-state';

export type { ColumnDef } from '@tanstack/react-table';

/**
 * A server-side table: the rows are one page from the API, and sorting, paging and searching
 * only change the URL state (useTableSearchParams), which drives the query. A column is sortable
 * when its def sets `enableSorting: true`; its `id` (or accessorKey) is the API's `sortBy` value.
 */
export function DataTable<T>({
  columns,
  data,
  pagination,
  state,
  isLoading = false,
  error,
  emptyState,
  toolbar,
  searchPlaceholder,
  label,
  getRowId,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are heterogeneous
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  pagination: PaginationInfo | undefined;
  state: TableSearchState;
  isLoading?: boolean;
  /** A message shown in place of rows when the query failed. */
  error?: ReactNode;
  emptyState?: ReactNode;
  /** Filters and buttons next to the search box. */
  toolbar?: ReactNode;
  /** Omit to hide the search box. */
  searchPlaceholder?: string;
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: T) => string;
}) {
  const sorting: SortingState = [{ id: state.sortBy, desc: state.sortOrder === 'desc' }];
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is rebuilt from props on every render anyway
  const table = useReactTable({
    data: data ?? [],
    columns,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    defaultColumn: { enableSorting: false },
    pageCount: pagination?.totalPages ?? -1,
    getCoreRowModel: getCoreRowModel(),
  });
  const columnCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;

  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-xs">
      {(searchPlaceholder !== undefined || toolbar) && (
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          {searchPlaceholder !== undefined && (
            <SearchInput value={state.search} onChange={state.setSearch} placeholder={searchPlaceholder} label={`Search ${label}`} />
          )}
          {toolbar}
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={label} aria-busy={isLoading || undefined}>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const active = state.sortBy === header.column.id;
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-4 py-2.5 whitespace-nowrap"
                      aria-sort={active && canSort ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900"
                          onClick={() =>
                            state.setSort(header.column.id, active && state.sortOrder === 'desc' ? 'asc' : 'desc')
                          }
                        >
                          {title}
                          <span aria-hidden="true" className={cn(!active && 'text-slate-300')}>
                            {active ? (state.sortOrder === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {isLoading && !data
              ? Array.from({ length: Math.min(state.limit, 5) }, (_, i) => (
                  <tr key={`skeleton-${i}`}>
                    {Array.from({ length: columnCount }, (__, j) => (
                      <td key={j} className="px-4 py-3">
                        <Skeleton className="h-4 w-full max-w-32" />
                      </td>
                    ))}
                  </tr>
                ))
              : error
                ? (
                    <tr>
                      <td colSpan={columnCount} className="px-4 py-8 text-center text-sm text-red-700" role="alert">
                        {error}
                      </td>
                    </tr>
                  )
                : rows.length === 0
                  ? (
                      <tr>
                        <td colSpan={columnCount}>{emptyState ?? <p className="px-4 py-8 text-center text-slate-500">No results.</p>}</td>
                      </tr>
                    )
                  : rows.map((row) => (
                      <tr key={row.id} className="hover:bg-slate-50">
                        {row.getVisibleCells().map((cell) => (
                          <td key={cell.id} className="px-4 py-2.5 align-middle">
                            {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          </td>
                        ))}
                      </tr>
                    ))}
          </tbody>
        </table>
      </div>
      {pagination && pagination.total > 0 && (
        <div className="border-t border-slate-100">
          <Pagination pagination={pagination} onPageChange={state.setPage} onLimitChange={state.setLimit} />
        </div>
      )}
    </div>
  );
}
