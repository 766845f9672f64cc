import type { ReactNode } from 'react';

/**
 * Column definitions for DataTable — the small part of TanStack Table's API the console used
 * (accessor/display columns, header, cell with `row.original` and `getValue()`, sortable flag),
 * without shipping its ~14 kB gzip engine: the rows arrive already paged and sorted by the API.
 */

/** `firstSort`: the first click's direction — `asc` (A→Z) by default, `desc` for dates and counts. */
export type ColumnMeta = {
  firstSort?: 'asc' | 'desc';
  className?: string;
  /** Phones: the card's heading (the record's name). */
  cardTitle?: boolean;
  /** Phones: left out of the card (e.g. a thumbnail or a column repeated in the title). */
  hideInCard?: boolean;
};

export type CellContext<T, V> = { row: { id: string; original: T }; getValue: () => V };

export type ColumnDef<T, V = unknown> = {
  /** The API's `sortBy` value for a sortable column; defaults to `accessorKey`. */
  id?: string;
  accessorKey?: keyof T & string;
  header?: ReactNode | (() => ReactNode);
  // A method, so a column of a narrower value type fits a list of mixed columns.
  cell?(context: CellContext<T, V>): ReactNode;
  enableSorting?: boolean;
  meta?: ColumnMeta;
};

export function createColumnHelper<T>() {
  return {
    accessor<K extends keyof T & string>(key: K, def: Omit<ColumnDef<T, T[K]>, 'accessorKey'> = {}): ColumnDef<T, T[K]> {
      return { ...def, accessorKey: key };
    },
    display(def: Omit<ColumnDef<T, undefined>, 'accessorKey'> & { id: string }): ColumnDef<T, undefined> {
      return def;
    },
  };
}

export function columnId<T>(column: ColumnDef<T, unknown>, index: number): string {
  return column.id ?? column.accessorKey ?? `column-${index}`;
}

export function renderHeader<T>(column: ColumnDef<T, unknown>, index: number): ReactNode {
  if (typeof column.header === 'function') return column.header();
  return column.header ?? columnId(column, index);
}

export function renderCell<T>(column: ColumnDef<T, unknown>, row: T, rowId: string): ReactNode {
  const value = column.accessorKey ? row[column.accessorKey] : undefined;
  if (column.cell) return column.cell({ row: { id: rowId, original: row }, getValue: () => value });
  return value === null || value === undefined ? null : (value as ReactNode);
}
