'use client';

import { isValidElement, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { EmptyState } from './empty-state';
import { ListError } from './list-error';
import { Pagination, type PaginationInfo } from './pagination';
import { Select } from './select';
import { NARROW, useMediaQuery } from './use-media-query';
import { SearchInput } from './search-input';
import { TableShell, tableCell, tableHeadCell } from './table-shell';
import type { TableSearchState } from './use-url-state';
import { columnId, renderCell, renderHeader, type ColumnDef } from './columns';

export { createColumnHelper, type ColumnDef, type ColumnMeta } from './columns';

/** Row selection for bulk actions: the ids selected on this page. */
export type RowSelection<T> = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Rows that cannot take part in any bulk action get no checkbox. */
  canSelect?: (row: T) => boolean;
};

/** What a list's react-query result gives its table: rows, paging, loading, refetching, the error and a retry. */
export function listQueryProps<T>(query: {
  data?: { data: T[]; pagination?: PaginationInfo };
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return {
    data: query.data?.data,
    pagination: query.data?.pagination,
    isLoading: query.isLoading,
    isFetching: query.isFetching && !query.isLoading,
    error: query.error ?? undefined,
    onRetry: () => void query.refetch(),
  };
}

/**
 * A server-side table: the rows are one page from the API, and sorting, paging and searching
 * only change the URL state (useTableSearchParams), which drives the query. A column is sortable
 * when its def sets `enableSorting: true`; its `id` (or accessorKey) is the API's `sortBy` value.
 * A new sort column starts in its `meta.firstSort` direction; clicking it again flips it.
 *
 * Every list gets from here: paging with first/last and a page to jump to; a page past the end
 * explained with a way to the last page (never the "nothing yet" state); a failed request shown
 * with what to try and its request id (pass the query's error object); an "Export CSV" link
 * (`exportHref`); checkboxes and `bulkActions` (`selection`); and on a phone (< 640 px) one card
 * per row, every column labelled, instead of a table that scrolls sideways.
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
  onRetry,
  exportHref,
  selection,
  bulkActions,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  pagination: PaginationInfo | undefined;
  state: TableSearchState;
  isLoading?: boolean;
  /** A refetch (new page, sort or search) while the previous rows are still shown. */
  isFetching?: boolean;
  /** The query's error (an ApiError shows its request id and what to try), or a message. */
  error?: unknown;
  /** "Try again" next to an error (e.g. the query's refetch). */
  onRetry?: () => void;
  /** The CSV export of the current filter (GET, streamed). */
  exportHref?: string;
  selection?: RowSelection<T>;
  /** Shown above the rows while rows are selected. */
  bulkActions?: ReactNode;
  emptyState?: ReactNode;
  /** Filters and buttons next to the search box. */
  toolbar?: ReactNode;
  /** Omit to hide the search box. */
  searchPlaceholder?: string;
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: T) => string;
}) {
  const narrow = useMediaQuery(NARROW);
  const rows = (data ?? []).map((row, index) => ({ id: getRowId ? getRowId(row) : String(index), row }));
  const selectable = selection ? rows.filter(({ row }) => selection.canSelect?.(row) ?? true) : [];
  const allSelected = selectable.length > 0 && selectable.every(({ id }) => selection!.selected.has(id));
  // Only this page's rows count: a selection does not follow the list to another page or filter.
  const selectedOnPage = selection ? selectable.filter(({ id }) => selection.selected.has(id)).length : 0;
  const columnCount = columns.length + (selection ? 1 : 0);
  const outOfRange = pagination !== undefined && pagination.total > 0 && pagination.page > pagination.totalPages;
  const sortable = columns
    .map((column, index) => ({ column, id: columnId(column, index), index }))
    .filter(({ column }) => column.enableSorting === true);

  const toggle = (id: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const checkbox = (id: string, row: T) =>
    selection && (selection.canSelect?.(row) ?? true) ? (
      <input
        type="checkbox"
        className="size-4 accent-indigo-600"
        checked={selection.selected.has(id)}
        onChange={(e) => toggle(id, e.target.checked)}
        aria-label={`Select row ${rowName(row, columns, id)}`}
      />
    ) : null;

  const errorContent =
    error === undefined || error === null || error === false
      ? undefined
      : typeof error === 'string' || isValidElement(error)
        ? (error as ReactNode)
        : <ListError error={error} onRetry={onRetry} what={label.toLowerCase()} />;

  const toolbarContent =
    searchPlaceholder !== undefined || toolbar || exportHref || (narrow && sortable.length > 0) ? (
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
        {narrow && sortable.length > 0 && (
          <div className="flex items-center gap-2">
            <label htmlFor={`${label}-sort`} className="text-sm text-slate-600">
              Sort
            </label>
            <Select
              id={`${label}-sort`}
              className="w-52"
              value={`${state.sortBy}:${state.sortOrder}`}
              onChange={(e) => {
                const [by, order] = e.target.value.split(':') as [string, 'asc' | 'desc'];
                state.setSort(by, order);
              }}
              options={sortable.flatMap(({ column, id, index }) => {
                const title = typeof column.header === 'string' ? column.header : renderHeaderText(column, index);
                return [
                  { value: `${id}:asc`, label: `${title} ↑` },
                  { value: `${id}:desc`, label: `${title} ↓` },
                ];
              })}
            />
          </div>
        )}
        {exportHref && (
          <a
            href={exportHref}
            download
            className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:ml-auto"
          >
            Export CSV
          </a>
        )}
        {selection && selectedOnPage > 0 && (
          <div
            className="flex w-full flex-wrap items-center gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
            role="region"
            aria-label="Bulk actions"
          >
            <span>{selectedOnPage} selected</span>
            {bulkActions}
            <Button variant="ghost" size="sm" onClick={() => selection.onChange(new Set())}>
              Clear selection
            </Button>
          </div>
        )}
      </>
    ) : undefined;

  const pageEmptyState = outOfRange ? (
    <EmptyState
      title={`Page ${pagination.page} does not exist`}
      description={`${label} has ${pagination.totalPages} ${pagination.totalPages === 1 ? 'page' : 'pages'} with these filters (${pagination.total} in all).`}
      action={
        <Button variant="secondary" onClick={() => state.setPage(pagination.totalPages)}>
          Go to the last page ({pagination.totalPages})
        </Button>
      }
    />
  ) : (
    emptyState
  );

  const cards = narrow
    ? rows.map(({ id: rowId, row }) => {
        const titleIndex = columns.findIndex((c) => c.meta?.cardTitle);
        const title = titleIndex >= 0 ? columns[titleIndex]! : undefined;
        const labelled = columns.filter((c, i) => i !== titleIndex && !c.meta?.hideInCard && typeof c.header === 'string');
        const unlabelled = columns.filter((c, i) => i !== titleIndex && !c.meta?.hideInCard && typeof c.header !== 'string');
        return (
          <li key={rowId} className="min-w-0 space-y-2 overflow-hidden px-4 py-3" data-testid="list-card">
            <div className="flex items-start gap-3">
              {checkbox(rowId, row)}
              {title && <div className="min-w-0 flex-1 text-base">{renderCell(title, row, rowId)}</div>}
            </div>
            <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
              {labelled.map((column) => {
                const index = columns.indexOf(column);
                return (
                  <div key={columnId(column, index)} className="contents">
                    <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{renderHeader(column, index)}</dt>
                    <dd className="min-w-0 break-words [&_*]:whitespace-normal">{renderCell(column, row, rowId) ?? '—'}</dd>
                  </div>
                );
              })}
            </dl>
            {unlabelled.length > 0 && (
              <div className="flex flex-wrap items-center gap-2">
                {unlabelled.map((column) => (
                  <div key={columnId(column, columns.indexOf(column))}>{renderCell(column, row, rowId)}</div>
                ))}
              </div>
            )}
          </li>
        );
      })
    : undefined;

  return (
    <TableShell
      label={label}
      columnCount={columnCount}
      rowCount={rows.length}
      loading={isLoading && !data}
      skeletonRows={Math.min(state.limit, 5)}
      fetching={isFetching && Boolean(data)}
      error={errorContent}
      emptyState={pageEmptyState}
      toolbar={toolbarContent}
      cards={cards}
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
          {selection && (
            <th scope="col" className={cn(tableHeadCell, 'w-10')}>
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={allSelected}
                disabled={selectable.length === 0}
                onChange={(e) => selection.onChange(e.target.checked ? new Set(selectable.map(({ id }) => id)) : new Set())}
                aria-label="Select all rows on this page"
              />
            </th>
          )}
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
          {selection && <td className={cn(tableCell, 'w-10')}>{checkbox(rowId, row)}</td>}
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

/** A readable name of a row for its checkbox: the card-title column's text, else its id. */
function rowName<T>(row: T, columns: ColumnDef<T, unknown>[], id: string): string {
  const title = columns.find((c) => c.meta?.cardTitle && c.accessorKey);
  const value = title?.accessorKey ? row[title.accessorKey] : undefined;
  return typeof value === 'string' && value ? value : id;
}

function renderHeaderText<T>(column: ColumnDef<T, unknown>, index: number): string {
  const header = renderHeader(column, index);
  return typeof header === 'string' ? header : columnId(column, index);
}
