import { afterAll, describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { organizationWithContract, recordingStatements, withPostgres } from '@/test/postgres/database';
import { nftSearchPagePg } from './nft-search';
import { clearPgListCaches, pgListTuning } from './paging';

/*
 * B1 sorted by name, a term the names begin with (`willow t` in `Willow teal 7`): its matches are one
 * range of the (organization[, status], name fold "C", id) index, read as such (nft-search.ts
 * leadingTermRange) — unless a description or a name holding the term elsewhere adds matches outside
 * the range, when the search is read as before. Beside a status or a supply bound too. Every page,
 * both directions, against a brute-force model, with anchors every 4 rows; the statements show where
 * the range was read.
 */
const pg = withPostgres();
const saved = { ...pgListTuning };
afterAll(() => {
  Object.assign(pgListTuning, saved);
});

const RANGED = /"nfts"\."name_fold" collate "C"\) >= \$\d+ and \("nfts"\."name_fold" collate "C"\) < \$\d+/;
const STATUSES = ['CREATED', 'MINTED'];

type Row = { id: string; name: string; description: string | null; status: string; supply: number };

async function seed(): Promise<{ organizationId: string; rows: Row[] }> {
  const c = pg.db().$client;
  const { organizationId, contractId } = await organizationWithContract(c);
  const rows: Row[] = [];
  for (let i = 0; i < 96; i++) {
    const name = `${['Amber', 'beacon', 'COPPER', 'Willow'][i % 4]} ${['teal', 'tan', 'violet', 'stone'][Math.floor(i / 4) % 4]} ${i}`;
    // `copper v` is also in one description: its matches are no longer one name range.
    const row = { id: crypto.randomUUID(), name, description: i === 5 ? 'sold with a Copper vase' : null, status: STATUSES[i % 2]!, supply: 1 + (i % 5) };
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, description, status, supply, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
      [row.id, organizationId, contractId, row.name, row.description, row.status, row.supply],
    );
    rows.push(row);
  }
  return { organizationId, rows };
}

/** The model: rows whose folded name (or, for `keyword`, name or description) holds the term, by folded name then id. */
function model(rows: Row[], term: string, everyField: boolean, status: string | undefined, minSupply: number, direction: 'asc' | 'desc'): string[] {
  const holds = (r: Row) => r.name.toLowerCase().includes(term) || (everyField && !!r.description?.toLowerCase().includes(term));
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .filter((r) => holds(r) && (!status || r.status === status) && r.supply >= minSupply)
    .sort((a, b) => {
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return (x !== y ? (x < y ? -1 : 1) : a.id < b.id ? -1 : 1) * sign;
    })
    .map((r) => r.id);
}

describe('B1 on PostgreSQL: a term the names begin with, sorted by name', () => {
  it('reads every page like the model, off one name range where the range is every match', async () => {
    const { organizationId: o, rows } = await seed();
    pgListTuning.anchorInterval = 4;
    for (const term of ['willow t', 'copper v', 'beacon', 'amber']) {
      for (const form of ['name', 'keyword', 'contains'] as const) {
        // A supply bound beside: the range is walked, testing it on each row.
        for (const [status, minSupply] of [[undefined, 0], ['MINTED', 0], ['MINTED', 3], [undefined, 2]] as const) {
          for (const direction of ['asc', 'desc'] as const) {
            clearPgListCaches();
            const statusLeaf = status ? [{ field: 'status', operator: 'eq', value: status }] : [];
            const supplyLeaf = minSupply ? [{ field: 'supply', operator: 'gte', value: minSupply }] : [];
            const containsLeaf = form === 'contains' ? [{ field: 'name', operator: 'contains', value: term }] : [];
            const leaves = [...statusLeaf, ...supplyLeaf, ...containsLeaf];
            const label = JSON.stringify({ term, form, status, minSupply, direction });
            const expected = model(rows, term, form === 'keyword', status, minSupply, direction);
            const pages = Math.ceil(expected.length / 5);
            let ranged = 0;
            for (let n = pages; n >= 1; n--) {
              const body: SearchNftsBody = {
                ...(form === 'name' ? { advancedSearch: { fields: ['name'], keyword: term } } : form === 'keyword' ? { keyword: term } : {}),
                advancedFilter: leaves.length > 1 ? { logic: 'and', filters: leaves } : leaves[0],
                orderBy: [`name ${direction}`],
                pageNumber: n,
                pageSize: 5,
              };
              const { result, statements } = await recordingStatements(pg.db().$client, () => nftSearchPagePg(pg.db(), o, compileSearch(body), body));
              expect(result.total, `${label} page ${n}`).toBe(expected.length);
              expect(result.ids, `${label} page ${n}`).toEqual(expected.slice((n - 1) * 5, n * 5));
              if (statements.some((s) => RANGED.test(s) && !s.includes('count(*)'))) ranged++;
            }
            // `copper v` by keyword is in a description too (a MINTED `beacon` NFT's, i = 5, supply 1): not one range.
            const oneRange = !(term === 'copper v' && form === 'keyword' && minSupply < 2);
            expect(ranged, label).toBe(oneRange ? pages : 0);
          }
        }
      }
    }
  });
});
