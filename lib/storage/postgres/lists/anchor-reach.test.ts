import { afterAll, describe, expect, it } from 'vitest';
import { organizationWithContract, recordingStatements, withPostgres } from '@/test/postgres/database';
import { nftPage } from './nfts';
import { clearPgListCaches, pgListTuning } from './paging';

/*
 * How far a deep page's anchors are built (paging.ts anchoredIds): a set the planner may walk testing
 * each row (a longer search term) costs as far as it is numbered, so it is numbered to just past the
 * page and a deeper page numbers it again; a set stepped along its own index (a filter alone) is
 * built far ahead, which costs little, and the next deep pages find their anchor in it.
 */
const pg = withPostgres();
const saved = { ...pgListTuning };
afterAll(() => {
  Object.assign(pgListTuning, saved);
});

const NUMBERED = /row_number\(\) over/;
const STEPPED = /with recursive anchor_steps/;

async function seeded() {
  const c = pg.db().$client;
  const { organizationId, contractId } = await organizationWithContract(c);
  await c.query(
    `insert into nfts (id, organization_id, smart_contract_id, name, name_fold, contract_name_fold, status, supply, created_at, updated_at)
     select gen_random_uuid()::text, $1, $2, n, lower(n), 'c', (array['CREATED', 'MINTED'])[1 + i % 2], 1 + i % 7, now(), now()
     from generate_series(1, 400) i, lateral (select 'Harbor ' || i as n) as names`,
    [organizationId, contractId],
  );
  return organizationId;
}

describe('anchor reach', () => {
  it('a searched set is numbered to just past its page; a deeper page numbers it again, a shallower one does not', async () => {
    const o = await seeded();
    Object.assign(pgListTuning, { nftWalk: 'walk', anchorInterval: 4 });
    clearPgListCaches();
    const page = (n: number) => recordingStatements(pg.db().$client, () => nftPage(pg.db(), o, { search: 'harbor', sortBy: 'supply', sortOrder: 'asc', page: n, limit: 5 }));
    expect((await page(6)).statements.some((s) => NUMBERED.test(s))).toBe(true);
    expect((await page(5)).statements.some((s) => NUMBERED.test(s))).toBe(false);
    expect((await page(9)).statements.some((s) => NUMBERED.test(s))).toBe(true);
  });

  it('a filter alone is stepped far ahead: the next deep pages find their anchor', async () => {
    const o = await seeded();
    Object.assign(pgListTuning, { anchorInterval: 4 });
    clearPgListCaches();
    const page = (n: number) => recordingStatements(pg.db().$client, () => nftPage(pg.db(), o, { status: 'MINTED', sortBy: 'supply', sortOrder: 'asc', page: n, limit: 5 }));
    expect((await page(6)).statements.some((s) => STEPPED.test(s))).toBe(true);
    for (const n of [9, 12, 15, 18]) expect((await page(n)).statements.some((s) => STEPPED.test(s) || NUMBERED.test(s)), `page ${n}`).toBe(false);
  });
});
