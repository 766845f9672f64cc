import { sql, type Table } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import type { RowBatch } from '../shapes';

/**
 * lib/storage/row-batch.ts on SQLite: `insert … select` over `json_each` of the rows' value arrays.
 * The statement's text depends on the columns only, so the connection's statement cache prepares
 * it once (lib/storage/sqlite/connection/statement-cache.ts).
 */
export function insertRowBatch(db: Pick<Db, 'run'>, table: Table, { columns, values }: RowBatch): void {
  const names = sql.join(columns.map((c) => sql.identifier(c.name)), sql`, `);
  const picks = sql.join(columns.map((_, i) => sql.raw(`value ->> ${i}`)), sql`, `);
  db.run(sql`insert into ${table} (${names}) select ${picks} from json_each(${JSON.stringify(values)})`);
}
