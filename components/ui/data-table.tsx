'use client';

import type { ReactNode } from 'react';
import { cn } from './cn';
import { Pagination, type PaginationInfo } from './pagination';
import { SearchInput } from './search-input';
import { TableShell, tableCell, tableHeadCell } from './table-shell';
import type { TableSearchState } from './use-url-state';
import { columnId, renderCell, renderHeader, type ColumnDef } from './columns';

export { createColumnHelper, type ColumnDef, type ColumnMeta } from './columns';

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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
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
  const rows = (data ?? []).map((row, index) => ({ id: getRowId ? getRowId(row) : String(index), row }));
  const columnCount = columns.length;

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
      head={
        <tr>
          {columns.map((column, index) => {
            const id = columnId(column, index);
            const canSort = column.enableSorting === true;
            const active = state.sortBy === id;
            const title = renderHeader(column, index);
            const firstOrder = column.meta?.firstSort ?? 'asc';
            const nextOrder = active ? (state.sortOrder === 'desc' ? 'asc' : 'desc') : firstOrder;
            return (
              <th
                key={id}
                scope="col"
                className={cn(tableHeadCell, column.meta?.className)}
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
                    onClick={() => state.setSort(id, nextOrder)}
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
      }
    >
      {rows.map(({ id: rowId, row }) => (
        <tr key={rowId} className="hover:bg-slate-50">
          {columns.map((column, index) => (
            <td key={columnId(column, index)} className={cn(tableCell, column.meta?.className)}>
              {renderCell(column, row, rowId)}
            </td>
          ))}
        </tr>
      ))}
    </TableShell>
  );
}
