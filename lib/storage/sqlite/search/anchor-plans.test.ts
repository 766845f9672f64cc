import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { stepQuery } from './anchors';

/*
 * An anchor step seeks to its anchor and skips `interval` index entries. SQLite ranges an index
 * over an equality on a column or a row value starting at it, not both: with `status = ?` in the
 * set's condition and the status as its sort, the equality became the range and the anchor's
 * (status, id) bound a filter, so each step walked the value's rows from their start again
 * (quadratic in the page's depth: a PENDING page 4,986 deep at a million NFTs, 200 steps, 1.2 s).
 * The lists pass no sort there (paging.ts AnchoredQuery.sort): the id alone, ranged after the
 * equality.
 */
const organizationId = 'plan-org';
const plan = (query: SQL) =>
  getDb()
    .all<{ detail: string }>(sql`explain query plan ${query}`)
    .map((r) => r.detail)
    .join(' | ');

describe('anchor steps range over the anchor', () => {
  it('a status filter with the status order: the id alone orders the set, its range after the equality', () => {
    const base = { from: sql`"nfts" indexed by "nfts_org_status_only_id_idx"`, where: sql`"nfts"."organization_id" = ${organizationId} and "nfts"."status" = 'PENDING'`, id: sql`"nfts"."id"`, direction: 'asc' as const };
    expect(plan(stepQuery({ ...base, sort: null }, 500, { v: null, id: 'b' }))).toContain('(organization_id=? AND status=? AND id>?)');
    // Sorted by the fixed column, the anchor's (status, id) bound is not part of the range.
    expect(plan(stepQuery({ ...base, sort: sql`"nfts"."status"` }, 500, { v: 'PENDING', id: 'b' }))).toContain('(organization_id=? AND status=?)');
  });
});
