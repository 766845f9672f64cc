import { describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { organizationWithContract, recordingStatements, withPostgres } from '@/test/postgres/database';
import { nftSearchPagePg } from './nft-search';
import { clearPgListCaches, pgListTuning } from './paging';

/*
 * B1 on PostgreSQL with a sparse `copyrighted eq true` filter (nft-search.ts copyrightedRowsPage):
 * the copyrighted rows, all CREATED (beside others), sit at the far end of a status-descending order; their page
 * is a sort of the partial index's entries (migration 0022), read through a materialized CTE. Every
 * page of every order, alone or beside a status or supply leaf, equals one sort of the model; a
 * dense filter, a keyword or the default order take the other paths; another organization's
 * copyrighted rows never show.
 */
const pg = withPostgres();

type Row = { id: string; name: string; status: string; supply: number; mintedAt: Date | null; tokenId: string | null; copyrighted: boolean };
const statuses = ['PENDING', 'MINTED', 'FAILED', 'CREATED'];

async function seed(copyrightedEvery: number): Promise<{ organizationId: string; rows: Row[] }> {
  const c = pg.db().$client;
  const { organizationId, contractId } = await organizationWithContract(c);
  // `copyrighted` is derived from the shares (every one authorized): written as the app would.
  const holder = crypto.randomUUID();
  await c.query(`insert into users (id, email, created_at, updated_at) values ($1, $2, now(), now())`, [holder, `${holder}@example.test`]);
  const rows: Row[] = [];
  for (let i = 0; i < 72; i++) {
    const copyrighted = i % copyrightedEvery === 2;
    const status = copyrighted ? 'CREATED' : statuses[i % 4]!;
    const minted = status === 'MINTED' || (copyrighted && i % 2 === 1);
    const row: Row = {
      id: crypto.randomUUID(),
      name: `${i % 2 ? 'Amber' : 'willow'} ${(i * 7) % 19}`,
      status,
      supply: 1 + (i % 4),
      mintedAt: minted ? new Date(Date.UTC(2025, 0, 1 + (i % 5))) : null,
      tokenId: minted ? String(1000 + ((i * 13) % 50)) : null,
      copyrighted,
    };
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, status, supply, minted_at, token_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now(), now())`,
      [row.id, organizationId, contractId, row.name, row.status, row.supply, row.mintedAt, row.tokenId],
    );
    if (copyrighted) {
      await c.query(`insert into copyright_shares (id, nft_id, user_id, percentage, status, created_at, updated_at) values ($1, $2, $3, 100, 'AUTHORIZED', now(), now())`, [
        crypto.randomUUID(),
        row.id,
        holder,
      ]);
    }
    rows.push(row);
  }
  return { organizationId, rows };
}

type Key = 'status' | 'supply' | 'name' | 'mintedAt' | 'tokenId';
const value = (r: Row, k: Key) => (k === 'name' ? r.name.toLowerCase() : k === 'mintedAt' ? (r.mintedAt?.getTime() ?? null) : r[k]);

/** One sort of the matching rows, as SQLite orders them: NULLs first ascending, then the id in the last key's direction. */
function model(rows: Row[], filter: (r: Row) => boolean, orderBy: string[]): string[] {
  const keys = orderBy.map((o) => ({ k: o.split(' ')[0] as Key, d: o.endsWith('asc') ? 1 : -1 }));
  return rows
    .filter((r) => r.copyrighted && filter(r))
    .sort((a, b) => {
      for (const { k, d } of keys) {
        const [x, y] = [value(a, k), value(b, k)];
        if (x === y) continue;
        return (x === null ? -1 : y === null ? 1 : x < y ? -1 : 1) * d;
      }
      return (a.id < b.id ? -1 : 1) * keys[keys.length - 1]!.d;
    })
    .map((r) => r.id);
}

const filters: { leaves: object[]; test: (r: Row) => boolean }[] = [
  { leaves: [], test: () => true },
  { leaves: [{ field: 'supply', operator: 'gte', value: 2 }], test: (r) => r.supply >= 2 },
  { leaves: [{ field: 'status', operator: 'eq', value: 'CREATED' }], test: (r) => r.status === 'CREATED' },
];
const orders = [['status desc'], ['supply desc'], ['name asc'], ['mintedAt desc'], ['tokenId asc'], ['supply asc', 'name desc']];

function body(leaves: object[], orderBy: string[], pageNumber: number): SearchNftsBody {
  const copyrighted = { field: 'copyrighted', operator: 'eq', value: true };
  return { advancedFilter: leaves.length ? { logic: 'and', filters: [copyrighted, ...leaves] } : copyrighted, orderBy, pageNumber, pageSize: 3 };
}

const page = (o: string, b: SearchNftsBody) => recordingStatements(pg.db().$client, () => nftSearchPagePg(pg.db(), o, compileSearch(b), b));
const sortedOffIndex = (statements: string[]) => statements.some((s) => s.includes('as materialized') && s.includes('"nfts"."copyrighted"'));

describe('B1 on PostgreSQL: a sparse copyrighted eq true filter', () => {
  it('pages every order like the model, off the copyrighted rows alone; dense, it takes the other paths', async () => {
    // Sparse (8 of 72 copyrighted) and dense (24 of 72); the other organization's copyrighted rows are the first seed's.
    const sparse = await seed(9);
    const dense = await seed(3);
    const other = await seed(9);
    expect(sparse.rows.filter((r) => r.copyrighted).length * pgListTuning.sparseShare).toBeLessThanOrEqual(sparse.rows.length);
    for (const [{ organizationId: o, rows }, offIndex] of [
      [sparse, true],
      [dense, false],
    ] as const) {
      for (const filter of filters) {
        for (const orderBy of orders) {
          clearPgListCaches();
          const expected = model(rows, filter.test, orderBy);
          expect(expected.length).toBeGreaterThan(1);
          for (let p = 1; p <= Math.ceil(expected.length / 3) + 1; p++) {
            const label = JSON.stringify({ dense: !offIndex, filter: filter.leaves, orderBy, p });
            const { result, statements } = await page(o, body(filter.leaves, orderBy, p));
            expect(result.total, label).toBe(expected.length);
            expect(result.ids, label).toEqual(expected.slice((p - 1) * 3, p * 3));
            if (p * 3 <= expected.length) expect(sortedOffIndex(statements), label).toBe(offIndex);
            expect(result.ids.some((id) => other.rows.some((r) => r.id === id)), label).toBe(false);
          }
        }
      }
    }
  });

  it('leaves a keyword search and the default order to their own paths', async () => {
    const { organizationId: o, rows } = await seed(9);
    const copyrighted = { field: 'copyrighted', operator: 'eq', value: true };
    for (const b of [
      { keyword: 'amber', advancedFilter: copyrighted, orderBy: ['status desc'], pageSize: 50 },
      { advancedFilter: copyrighted, pageSize: 50 },
    ] as SearchNftsBody[]) {
      clearPgListCaches();
      const { result, statements } = await page(o, b);
      const expected = rows.filter((r) => r.copyrighted && (!b.keyword || r.name.toLowerCase().includes('amber')));
      expect(new Set(result.ids)).toEqual(new Set(expected.map((r) => r.id)));
      expect(sortedOffIndex(statements), JSON.stringify(b)).toBe(false);
    }
  });
});
