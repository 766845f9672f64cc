import { expect } from 'vitest';
import type { PgDb } from '@/lib/storage/postgres/connection';
import { clearPgListCaches, pgListTuning } from '@/lib/storage/postgres/lists/paging';
import { recordingStatements } from './database';

/**
 * Every page of `read` (page size 5) read through anchors every 4 rows, last page first, against
 * the same pages read by OFFSET (no anchor within 1,000 rows); returns the statements each anchored
 * page ran, first page first, for the caller to ask which plan served it.
 */
export async function anchoredPagesEqualOffset(pool: PgDb['$client'], read: (page: number) => Promise<{ ids: string[]; total: number }>, label: string): Promise<string[][]> {
  pgListTuning.anchorInterval = 1000;
  clearPgListCaches();
  const first = await read(1);
  const pages = Math.ceil(first.total / 5);
  const expected: string[][] = [];
  for (let page = 1; page <= pages; page++) expected.push((await read(page)).ids);
  expect(expected.flat(), label).toHaveLength(first.total);
  pgListTuning.anchorInterval = 4;
  clearPgListCaches();
  const statements: string[][] = [];
  for (let page = pages; page >= 1; page--) {
    const { result, statements: ran } = await recordingStatements(pool, () => read(page));
    expect(result.ids, `${label} page ${page}`).toEqual(expected[page - 1]);
    statements[page - 1] = ran;
  }
  return statements;
}
