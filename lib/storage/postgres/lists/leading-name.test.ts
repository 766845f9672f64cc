import { afterAll, describe, expect, it } from 'vitest';
import { anchoredPagesEqualOffset } from '@/test/postgres/anchored-pages';
import { organizationWithContract, withPostgres } from '@/test/postgres/database';
import { nftPage } from './nfts';
import { pgListTuning } from './paging';

/*
 * A5 sorted by name, a term the names begin with (`willow t` in `willow teal 7`): its matches are one
 * range of the (organization[, filter], name "C", id) index, read as such (nfts.ts leadingNameRange)
 * — unless a description or a name holding the term elsewhere adds matches outside the range, when
 * the search is read as before. Every page, both directions, with and without a status filter,
 * anchors every 4 rows, equals the page read by OFFSET; the statements show where the range was read.
 */
const pg = withPostgres();
const saved = { ...pgListTuning };
afterAll(() => {
  Object.assign(pgListTuning, saved);
});

const RANGED = /collate "C" >= \$\d+ and n\.name collate "C" < \$\d+/;

describe('A5 on PostgreSQL: a term the names begin with, sorted by name', () => {
  it('reads every page like OFFSET does, off one name range where the range is every match', async () => {
    const c = pg.db().$client;
    const { organizationId: o, contractId } = await organizationWithContract(c);
    // 96 NFTs; one description holds `copper v`: that term's matches are no longer one name range.
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, description, status, created_at, updated_at)
       select gen_random_uuid()::text, $1, $2,
         (array['amber', 'beacon', 'copper', 'willow'])[1 + i % 4] || ' ' || (array['teal', 'tan', 'violet', 'stone'])[1 + (i / 4) % 4] || ' ' || i,
         case when i = 5 then 'sold with copper vase' end, (array['CREATED', 'MINTED'])[1 + i % 2], now(), now()
       from generate_series(0, 95) i`,
      [o, contractId],
    );
    for (const search of ['willow t', 'copper v', 'beacon', 'amber']) {
      for (const status of [undefined, 'MINTED'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const read = (page: number) => nftPage(pg.db(), o, { search, status, sortBy: 'name', sortOrder, page, limit: 5 });
          const label = JSON.stringify({ search, status, sortOrder });
          const pages = await anchoredPagesEqualOffset(c, read, label);
          const ranged = pages.filter((statements) => statements.some((s) => RANGED.test(s) && !s.includes('count(*)'))).length;
          // `copper v` is in a MINTED NFT's description (i = 5): not one range, with or without the status.
          expect(ranged, label).toBe(search === 'copper v' ? 0 : pages.length);
        }
      }
    }
  });
});
