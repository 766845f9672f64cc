import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import { check, reindex } from '@/lib/storage/sqlite/search/maintenance';

/**
 * Tampers with one row of a token-list FTS index (lib/storage/sqlite/search/derived.ts `tokens: 'listed'`) behind
 * the triggers' back — first removed, then replaced by `staleTokens` — and expects `db check` to
 * report each and `db reindex` to repair it.
 */
export function expectCheckCatchesAndReindexRepairs(sqlite: Database.Database, table: string, rowid: number, staleTokens: string) {
  for (const [what, statement, expected] of [
    ['missing', `delete from ${table} where rowid = ${rowid}`, new RegExp(`${table}: 1 row\\(s\\) not indexed`)],
    ['stale', `delete from ${table} where rowid = ${rowid}; insert into ${table} (rowid, grams) values (${rowid}, '${staleTokens}')`, new RegExp(`${table} rowid`)],
  ] as const) {
    sqlite.exec(statement);
    expect(check(sqlite).problems.join('\n'), what).toMatch(expected);
    reindex(sqlite);
    expect(check(sqlite).problems, `${what} after reindex`).toEqual([]);
  }
}
