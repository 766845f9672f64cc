import { getTableColumns, type Column, type Table } from 'drizzle-orm';
import { insertRowBatch as onPostgres } from './postgres/row-batch';
import { postgresDbOf } from './postgres/store';
import { insertRowBatch as onSqlite } from './sqlite/row-batch';
import { sqliteDbOf } from './sqlite/store';
import type { RowBatch } from './shapes';
import type { Store } from './store';

/**
 * Inserts rows of one shape (the same keys, Drizzle's property names) into `table` as one statement
 * over a JSON array of their values, on the store's engine. For a bulk write of a hot path (A13
 * queues a hundred mails and audit events per import): building Drizzle's multi-row insert of a
 * hundred rows cost ~1.5 ms each, more than running it, and its text differs with the row count,
 * so it was prepared anew every time. Values go through each column's own mapping, as Drizzle's
 * insert does; a column's `$defaultFn` fills a key the rows leave out, a database default any other.
 */
export async function insertRows(store: Store, table: Table, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const batch = rowBatch(table, rows);
  if (store.engine === 'sqlite') return onSqlite(sqliteDbOf(store), table, batch);
  return onPostgres(postgresDbOf(store), table, batch);
}

/** The batch of `rows`: the columns the first row names or that have a `$defaultFn`, in the table's order. */
function rowBatch(table: Table, rows: Record<string, unknown>[]): RowBatch {
  const keys = Object.keys(rows[0]!);
  for (const row of rows) {
    const other = Object.keys(row).find((k) => !keys.includes(k)) ?? keys.find((k) => !(k in row));
    if (other !== undefined) throw new Error(`insertRows: every row must have the same keys (${other})`);
  }
  const all = Object.entries(getTableColumns(table) as Record<string, Column>);
  const unknown = keys.find((k) => !all.some(([key]) => key === k));
  if (unknown !== undefined) throw new Error(`insertRows: no column ${unknown}`);
  const used = all.filter(([key, column]) => keys.includes(key) || column.defaultFn !== undefined);
  return {
    columns: used.map(([, column]) => column),
    values: rows.map((row) =>
      used.map(([key, column]) => {
        const value: unknown = key in row ? row[key] : column.defaultFn!();
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      }),
    ),
  };
}
