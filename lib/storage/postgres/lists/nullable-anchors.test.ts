import { afterAll, describe, expect, it } from 'vitest';
import { organizationWithContract, withPostgres } from '@/test/postgres/database';
import { nftPage } from './nfts';
import { clearPgListCaches, pgListTuning } from './paging';

/*
 * Deep pages of a NULL-able sort seek from cached anchors like any other (paging.ts seekSegments):
 * a row value never compares with NULL, so the set is read in segments split at the NULL run. Every
 * page of A5 sorted by mintedAt — NULL first ascending, last descending, ties by id — in both
 * directions and at several page sizes must equal the same page read by OFFSET, with anchors every
 * 4 rows so that anchors fall inside the NULL run, on its edges and among the dated rows. Pages past
 * the middle are read from the other end, so the NULL run is a minority in one organization and a
 * majority in the other: each direction then crosses from one segment into the next.
 */
const pg = withPostgres();
afterAll(() => {
  pgListTuning.anchorInterval = 1000;
});

describe('NULL-able sorts through anchors', () => {
  it.each([
    ['17 of 45 never minted', '0, 3, 5'],
    ['28 of 45 never minted', '0, 1, 2, 4, 6'],
  ])('A5 sortBy=mintedAt, %s: every page in both directions equals the page read by OFFSET', async (_name, unminted) => {
    const c = pg.db().$client;
    const { organizationId: o, contractId: contract } = await organizationWithContract(c);
    // 45 NFTs: some never minted (NULL), the rest minted at 7 instants (ties broken by id).
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, minted_at, created_at, updated_at)
       select gen_random_uuid()::text, $1, $2, 'n' || i, case when i % 8 in (${unminted}) then null else timestamptz '2026-01-01' + (i % 7) * interval '1 hour' end, now(), now()
       from generate_series(1, 45) i`,
      [o, contract],
    );
    const total = 45;
    pgListTuning.anchorInterval = 4;
    for (const sortOrder of ['asc', 'desc'] as const) {
      const nulls = sortOrder === 'asc' ? 'nulls first' : 'nulls last';
      const { rows } = await c.query<{ id: string }>(`select id from nfts where organization_id = $1 order by minted_at ${sortOrder} ${nulls}, id ${sortOrder}`, [o]);
      const expected = rows.map((r) => r.id);
      for (const limit of [3, 5, 7]) {
        clearPgListCaches();
        for (let page = 1; (page - 1) * limit < total; page++) {
          const got = await nftPage(pg.db(), o, { sortBy: 'mintedAt', sortOrder, page, limit });
          expect(got.ids, `${sortOrder} limit ${limit} page ${page}`).toEqual(expected.slice((page - 1) * limit, page * limit));
          expect(got.total).toBe(total);
        }
      }
    }
  });
});
