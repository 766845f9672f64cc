'use client';

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { Pagination, type PaginationInfo } from './pagination';
import { SearchInput } from './search-input';
import { TableShell, tableCell, tableHeadCell } from './table-shell';
import type { TableSearchState } from './use-url-state';

export type { ColumnDef } from '@tanstack/react-table';

/**
 * Per-column options (TanStack's `meta`). `firstSort` is the direction of the first click on a
 * column's header: A→Z (`asc`) for text, the default; newest first (`desc`) for dates and
 * largest first (`desc`) for counts and amounts.
 */
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's declaration has these parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    firstSort?: 'asc' | 'desc';
    className?: string;
  }
}

/**
 * A server-side table: the rows are one page from the API, and sorting, paging and searching
 * only change the URL state (useTableSearchParams), which drives the query. A column is sortable
 * when its def sets `enableSorting: true`; its `id` (or accessorKey) is the API's `sortBy` value.
 * A new sort column starts in its `meta.firstSort` direction; clicking it again flips it.
 */
export function DataTable<T>({
  columns,
  data,
  pagination,
  state,
  isLoading = false,
  isFetching = false,
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
  /** A refetch (new page, sort or search) while the previous rows are still shown. */
  isFetching?: boolean;
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

  const toolbarContent =
    searchPlaceholder !== undefined || toolbar ? (
      <>
        {searchPlaceholder !== undefined && (
          <SearchInput
            value={state.search}
            onChange={state.setSearch}
            placeholder={searchPlaceholder}
            label={`Search ${label}`}
          />
        )}
        {toolbar}
      </>
    ) : undefined;

  return (
    <TableShell
      label={label}
      columnCount={columnCount}
      rowCount={rows.length}
      loading={isLoading && !data}
      skeletonRows={Math.min(state.limit, 5)}
      fetching={isFetching && Boolean(data)}
      error={error}
      emptyState={emptyState}
      toolbar={toolbarContent}
      footer={
        pagination && pagination.total > 0 ? (
          <Pagination
            pagination={pagination}
            onPageChange={state.setPage}
            onLimitChange={state.setLimit}
          />
        ) : undefined
      }
      head={table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const canSort = header.column.getCanSort();
            const active = state.sortBy === header.column.id;
            const title = flexRender(header.column.columnDef.header, header.getContext());
            const meta = header.column.columnDef.meta;
            const firstOrder = meta?.firstSort ?? 'asc';
            const nextOrder = active ? (state.sortOrder === 'desc' ? 'asc' : 'desc') : firstOrder;
            return (
              <th
                key={header.id}
                scope="col"
                className={cn(tableHeadCell, meta?.className)}
                aria-sort={
                  active && canSort
                    ? state.sortOrder === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {canSort ? (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900"
                    onClick={() => state.setSort(header.column.id, nextOrder)}
                  >
                    {title}
                    <span aria-hidden="true" className={cn(!active && 'text-slate-400')}>
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
    >
      {rows.map((row) => (
        <tr key={row.id} className="hover:bg-slate-50">
          {row.getVisibleCells().map((cell) => (
            <td
              key={cell.id}
              className={cn(
                tableCell,
                cell.column.columnDef.meta?.className,
              )}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          ))}
        </tr>
      ))}
    </TableShell>
  );
}
