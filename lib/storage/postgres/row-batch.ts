import { sql, type Table } from 'drizzle-orm';
import type { RowBatch } from '../shapes';
import type { PgDb, PgTx } from './connection';

/**
 * lib/storage/row-batch.ts on PostgreSQL: `insert … select` over `jsonb_array_elements` of the
 * rows' value arrays, each value cast from its text to the column's type (a json column's value is
 * its JSON text, as Drizzle's mapping gives it).
 */
export async function insertRowBatch(db: PgDb | PgTx, table: Table, { columns, values }: RowBatch): Promise<void> {
  const names = sql.join(columns.map((c) => sql.identifier(c.name)), sql`, `);
  const picks = sql.join(columns.map((c, i) => sql.raw(`(r ->> ${i})::${c.getSQLType()}`)), sql`, `);
  await db.execute(sql`insert into ${table} (${names}) select ${picks} from jsonb_array_elements(${JSON.stringify(values)}::jsonb) as r`);
}
