import { afterEach, describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { organizationWithContract, recordingStatements, withPostgres } from '@/test/postgres/database';
import { nftSearchPagePg } from './nft-search';
import { nftPage } from './nfts';
import { clearPgListCaches, pgListTuning } from './paging';

/*
 * A5 and B1 on PostgreSQL: a search beside status / copyright filters (nfts.ts and nft-search.ts facetedTotal):
 * every such total is read off one count of the keyword grouped by status and copyrighted, and an
 * order led by status reads a common keyword one status at a time (commonEnoughToSplit). Every
 * total and page is checked against a model, split or not.
 */
const pg = withPostgres();
const STATUSES = ['CREATED', 'FAILED', 'MINTED', 'PENDING'] as const;
type Row = { id: string; name: string; status: string; supply: number; copyrighted: boolean };
const saved = { ...pgListTuning };

afterEach(() => {
  Object.assign(pgListTuning, saved);
});

async function seed(): Promise<{ organizationId: string; rows: Row[] }> {
  const c = pg.db().$client;
  const { organizationId, contractId } = await organizationWithContract(c);
  const rows: Row[] = [];
  const holder = crypto.randomUUID();
  await c.query(`insert into users (id, email, created_at, updated_at) values ($1, $2, now(), now())`, [holder, `${holder}@example.test`]);
  for (let i = 0; i < 60; i++) {
    const row = { id: crypto.randomUUID(), name: `${i % 3 ? 'harbor' : 'plain'} ${String((i * 7) % 23).padStart(2, '0')}`, status: STATUSES[i % 4]!, supply: 1 + (i % 5), copyrighted: i % 5 === 0 };
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, status, supply, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, now(), now())`,
      [row.id, organizationId, contractId, row.name, row.status, row.supply],
    );
    // Copyrighted: every holder authorized (the stored flag follows its shares).
    if (row.copyrighted)
      await c.query(`insert into copyright_shares (id, nft_id, user_id, status, percentage, created_at, updated_at) values ($1, $2, $3, 'AUTHORIZED', 100, now(), now())`, [crypto.randomUUID(), row.id, holder]);
    rows.push(row);
  }
  return { organizationId, rows };
}

type Filter = { status?: string; copyrighted?: boolean };
const filters: Filter[] = [{}, ...STATUSES.map((status) => ({ status })), { copyrighted: true }, { copyrighted: false }, { status: 'MINTED', copyrighted: false }];

function body(f: Filter, orderBy: string[], pageNumber: number): SearchNftsBody {
  const leaves = [
    ...(f.status ? [{ field: 'status', operator: 'eq', value: f.status }] : []),
    ...(f.copyrighted !== undefined ? [{ field: 'copyrighted', operator: 'eq', value: f.copyrighted }] : []),
  ];
  const advancedFilter = leaves.length === 0 ? undefined : leaves.length === 1 ? leaves[0] : { logic: 'and', filters: leaves };
  // `harbor ` with its space: a term the stored name words do not decide (word-counts.test.ts), so counted.
  return { advancedSearch: { fields: ['name'], keyword: 'harbor ' }, advancedFilter, orderBy, pageNumber, pageSize: 4 };
}

function model(rows: Row[], f: Filter, orderBy: string[]): string[] {
  const key = (r: Row, field: string) => (field === 'name' ? r.name : field === 'supply' ? r.supply : r.status);
  return rows
    .filter((r) => r.name.includes('harbor ') && (!f.status || r.status === f.status) && (f.copyrighted === undefined || r.copyrighted === f.copyrighted))
    .sort((a, b) => {
      for (const o of orderBy) {
        const [field, dir] = o.split(' ') as [string, 'asc' | 'desc'];
        const x = key(a, field);
        const y = key(b, field);
        if (x !== y) return (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
      }
      const last = orderBy[orderBy.length - 1]!.split(' ')[1];
      return (a.id < b.id ? -1 : 1) * (last === 'asc' ? 1 : -1);
    })
    .map((r) => r.id);
}

const recording = <T>(work: () => Promise<T>) => recordingStatements(pg.db().$client, work);
const page = (o: string, b: SearchNftsBody) => nftSearchPagePg(pg.db(), o, compileSearch(b), b);

describe('B1 on PostgreSQL: a keyword beside status and copyrighted filters', () => {
  it('totals every status and copyright filter off one grouped count of the keyword', async () => {
    const { organizationId: o, rows } = await seed();
    clearPgListCaches();
    const { statements } = await recording(async () => {
      for (const f of filters) expect((await page(o, body(f, ['name asc'], 1))).total, JSON.stringify(f)).toBe(model(rows, f, ['name asc']).length);
    });
    // One statement counted the keyword's rows; every other total was read off it. (The names that
    // begin with `harbor` are counted too, per status filter: the range a name order may read, nft-search.ts leadingTermRange.)
    expect(statements.filter((s) => /count\(\*\)/.test(s) && /group by/.test(s))).toHaveLength(1);
    const nameRange = /"name_fold" collate "C"\) >= \$\d+/;
    expect(statements.filter((s) => /count\(\*\)/.test(s) && !/group by/.test(s) && !nameRange.test(s))).toEqual([]);
  });

  for (const split of [true, false]) {
    it(`pages an order led by status like the model, ${split ? 'one status at a time' : 'as one sort of the hits'}`, async () => {
      const { organizationId: o, rows } = await seed();
      // The keyword is in two thirds of the rows: split when a twentieth suffices, not when it takes all of them.
      pgListTuning.splitShare = split ? 20 : 1;
      clearPgListCaches();
      for (const orderBy of [['status asc', 'name desc'], ['status desc', 'supply asc']]) {
        for (const f of filters) {
          const expected = model(rows, f, orderBy);
          const ids: string[] = [];
          const { statements } = await recording(async () => {
            for (let n = 1; n <= Math.ceil(expected.length / 4) + 1; n++) {
              const result = await page(o, body(f, orderBy, n));
              expect(result.total, `${orderBy.join(', ')} ${JSON.stringify(f)}`).toBe(expected.length);
              ids.push(...result.ids);
            }
          });
          expect(ids, `${orderBy.join(', ')} ${JSON.stringify(f)}`).toEqual(expected);
          // Split, each page reads one status's rows; unsplit, no statement filters by a status the body does not.
          if (!f.status && expected.length) expect(statements.some((s) => /"nfts"\."status" = \$/.test(s)), JSON.stringify(f)).toBe(split);
        }
      }
    });
  }
});

describe('B1 on PostgreSQL: a one- or two-character keyword in an order led by status', () => {
  it('is read one status at a time, like the model on every page', async () => {
    const { organizationId: o, rows } = await seed();
    pgListTuning.anchorInterval = 8;
    clearPgListCaches();
    const orderBy = ['status desc', 'name asc'];
    const keyword = (pageNumber: number): SearchNftsBody => ({ keyword: 'rb', orderBy, pageNumber, pageSize: 4 });
    const expected = model(rows, {}, orderBy);
    for (let n = 1; n <= Math.ceil(expected.length / 4); n++) {
      const { result, statements } = await recording(() => page(o, keyword(n)));
      expect(result.ids, `page ${n}`).toEqual(expected.slice((n - 1) * 4, n * 4));
      // Deep pages too (past the first anchor interval, 8 rows): a status's segment gathers its own matches.
      expect(statements.some((st) => /"nfts"\."status" = \$/.test(st)), `page ${n}`).toBe(true);
    }
  });

  it('held by every NFT, is the list of its filter, split without counting the keyword per status', async () => {
    const { organizationId: o, rows } = await seed();
    pgListTuning.anchorInterval = 8;
    clearPgListCaches();
    // `a`: in every name (`harbor …`, `plain …`).
    const orderBy = ['status desc'];
    const expected = [...rows].sort((x, y) => (x.status !== y.status ? (x.status < y.status ? 1 : -1) : x.id < y.id ? 1 : -1)).map((r) => r.id);
    for (let n = 1; n <= Math.ceil(expected.length / 4); n++) {
      const { result, statements } = await recording(() => page(o, { keyword: 'a', orderBy, pageNumber: n, pageSize: 4 }));
      expect(result.ids, `page ${n}`).toEqual(expected.slice((n - 1) * 4, n * 4));
      expect(statements.filter((st) => /count\(\*\)/.test(st)), `page ${n}`).toEqual([]);
    }
  });

  it('beside a copyrighted filter, is read one status at a time on shallow pages only', async () => {
    const { organizationId: o, rows } = await seed();
    pgListTuning.anchorInterval = 8;
    clearPgListCaches();
    const orderBy = ['status desc', 'name asc'];
    const f = { copyrighted: false };
    const expected = model(rows, f, orderBy);
    for (let n = 1; n <= Math.ceil(expected.length / 4); n++) {
      const b: SearchNftsBody = { keyword: 'rb', advancedFilter: { field: 'copyrighted', operator: 'eq', value: false }, orderBy, pageNumber: n, pageSize: 4 };
      const { result, statements } = await recording(() => page(o, b));
      expect(result.ids, `page ${n}`).toEqual(expected.slice((n - 1) * 4, n * 4));
      // A deep page beside the facet is one sort of the hits: its segments would test the term on each row.
      expect(statements.some((st) => /"nfts"\."status" = \$/.test(st)), `page ${n}`).toBe(n <= 2);
    }
  });
});

describe('B1 on PostgreSQL: a `contains` filter on a name', () => {
  it('narrows through the name index for the count and a deep page without keywords only; every page is the scan', async () => {
    const { organizationId: o, rows } = await seed();
    pgListTuning.anchorInterval = 8;
    // With its space: a value the stored name words do not decide (word-counts.test.ts), so counted.
    const contains = { field: 'name', operator: 'contains', value: 'harbor ' } as const;
    const narrowed = (statements: string[]) => statements.some((st) => /"nfts"\."name_fold" like/.test(st));
    for (const keyword of [undefined, 'rb'] as const) {
      clearPgListCaches();
      const scan = rows.filter((r) => r.name.includes('harbor ')).sort((a, b) => b.supply - a.supply || (a.id < b.id ? 1 : -1));
      for (let n = 1; n <= Math.ceil(scan.length / 4); n++) {
        const b: SearchNftsBody = { keyword, advancedFilter: contains, orderBy: ['supply desc'], pageNumber: n, pageSize: 4 };
        const { result, statements } = await recording(() => page(o, b));
        expect(result.total, `${keyword} page ${n}`).toBe(scan.length);
        expect(result.ids, `${keyword} page ${n}`).toEqual(scan.slice((n - 1) * 4, n * 4).map((r) => r.id));
        // The count (the first page's; later pages read it cached) reads the term's trigram hits
        // rather than every NFT's name — not beside a short keyword, whose gram arrays the plan
        // would build on each of those hits.
        const counts = statements.filter((st) => /count\(\*\)/.test(st));
        expect(counts.length > 0, `${keyword} page ${n}`).toBe(n === 1);
        expect(narrowed(counts), `${keyword} page ${n}`).toBe(!keyword && n === 1);
        // Pages 3 on begin past the first anchor interval (8 rows).
        expect(
          narrowed(statements.filter((st) => !counts.includes(st))),
          `${keyword} page ${n}`,
        ).toBe(!keyword && n >= 3);
      }
    }
  });
});

describe('A5 on PostgreSQL: a search beside status and copyright status filters', () => {
  it('totals every filter off one grouped count of the search, and pages like the model', async () => {
    const c = pg.db().$client;
    const { organizationId: o, contractId } = await organizationWithContract(c);
    const COPYRIGHT = ['NONE', 'AWAITING', 'COPYRIGHTED'] as const;
    const rows: { id: string; name: string; status: string; copyright: string }[] = [];
    for (let i = 0; i < 48; i++) {
      const row = { id: crypto.randomUUID(), name: `${i % 3 ? 'Harbor' : 'plain'} ${i}`, status: STATUSES[i % 4]!, copyright: COPYRIGHT[i % 3]! };
      await c.query(
        `insert into nfts (id, organization_id, smart_contract_id, name, status, copyright_status, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, now(), now() - $7 * interval '1 second')`,
        [row.id, o, contractId, row.name, row.status, row.copyright, i],
      );
      rows.push(row);
    }
    clearPgListCaches();
    const { statements } = await recording(async () => {
      for (const status of [undefined, ...STATUSES])
        for (const copyrightStatus of [undefined, ...COPYRIGHT]) {
          const expected = rows.filter((r) => r.name.toLowerCase().includes('arbor ') && (!status || r.status === status) && (!copyrightStatus || r.copyright === copyrightStatus));
          // A term the stored words do not decide (a space inside): `harbor` is read off them (word-counts.test.ts).
          const result = await nftPage(pg.db(), o, { search: 'arbor ', status, copyrightStatus, sortBy: 'updatedAt', sortOrder: 'desc', page: 1, limit: 50 });
          expect(result.total, `${status} ${copyrightStatus}`).toBe(expected.length);
          expect(result.ids, `${status} ${copyrightStatus}`).toEqual(expected.map((r) => r.id));
        }
    });
    expect(statements.filter((s) => /count\(\*\)/.test(s) && /group by/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /count\(\*\)/.test(s) && !/group by/.test(s))).toEqual([]);
  });
});
