import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '@/db/client';

/**
 * `count(*)` of the rows matching `where`. A substring search cannot use an index, so each row must
 * be read; `scanIndex` names the (organization, created_at) index so rows are visited in roughly
 * insertion (= rowid) order. Left to itself SQLite may pick any organization-prefixed index and
 * read the table in random order: measured at 1M NFTs, 1.65 s instead of 0.17 s.
 */
export function countRows(db: Db, table: SQLiteTable, where: SQL | undefined, scanIndex?: string): number {
  const hint = scanIndex ? sql` indexed by ${sql.identifier(scanIndex)}` : sql``;
  const filter = where ? sql` where ${where}` : sql``;
  return db.get<{ n: number }>(sql`select count(*) as "n" from ${table}${hint}${filter}`)?.n ?? 0;
}
