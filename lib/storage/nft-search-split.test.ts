import { describe, expect, it } from 'vitest';
import { copyrightShares, nfts, organizations, smartContracts, users } from '@/lib/storage/tables';
import { compileSearch } from '@/lib/nft-search/filter';
import { searchNfts } from '@/lib/nft-search/service';
import { getStore } from '@/lib/storage/current';
import type { IdsPage } from './lists';
import type { CompiledSearch, FilterNode } from './nft-search';
import { pageByLeadingEnum } from './nft-search-split';

/*
 * Orders led by status read as one search per status (nft-search-split.ts): the pages, spanning
 * segment boundaries, are the rows of one sort of the whole set; the engines give the same answer.
 */

type Row = { id: string; status: string; name: string; supply: number };
const statuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'];

/** A reader over rows in memory that records what it was asked: the engine stand-in. */
function memoryReader(rows: Row[]) {
  const calls: { filter: string; orderBy: string; page: number }[] = [];
  const read = (s: CompiledSearch): IdsPage => {
    const leaves = (n: FilterNode | null): { field: string; value: unknown }[] =>
      !n ? [] : n.kind === 'leaf' ? [{ field: n.field.name, value: n.value }] : n.filters.flatMap(leaves);
    const wanted = leaves(s.filter).filter((l) => l.field === 'status');
    const hit = rows.filter((r) => wanted.every((l) => r.status === l.value));
    const keys = s.orderBy.map((k) => ({ f: k.field.name as 'name' | 'supply' | 'status', d: k.direction === 'asc' ? 1 : -1 }));
    const last = keys.length ? keys[keys.length - 1]!.d : -1;
    hit.sort((a, b) => {
      for (const k of keys) if (a[k.f] !== b[k.f]) return (a[k.f] < b[k.f] ? -1 : 1) * k.d;
      return (a.id < b.id ? -1 : 1) * last;
    });
    calls.push({ filter: JSON.stringify(wanted.map((l) => l.value)), orderBy: s.orderBy.map((k) => k.field.name).join(','), page: s.pageNumber });
    const from = (s.pageNumber - 1) * s.pageSize;
    return { ids: hit.slice(from, from + s.pageSize).map((r) => r.id), total: hit.length };
  };
  return { read, calls };
}

function sortedRows(rows: Row[], dirs: { status: 1 | -1; name: 1 | -1 }) {
  return [...rows].sort((a, b) => {
    if (a.status !== b.status) return (a.status < b.status ? -1 : 1) * dirs.status;
    if (a.name !== b.name) return (a.name < b.name ? -1 : 1) * dirs.name;
    return (a.id < b.id ? -1 : 1) * dirs.name;
  });
}

describe('pageByLeadingEnum', () => {
  const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
    id: `id-${String(i).padStart(2, '0')}`,
    status: statuses[(i * 7) % 3]!, // no FAILED row: an empty segment
    name: `n${(i * 5) % 11}`,
    supply: i % 4,
  }));

  it('reads every page as the concatenation of one search per status, in code-point order', async () => {
    for (const [status, name] of [
      ['asc', 'asc'],
      ['asc', 'desc'],
      ['desc', 'asc'],
      ['desc', 'desc'],
    ] as const) {
      const expected = sortedRows(rows, { status: status === 'asc' ? 1 : -1, name: name === 'asc' ? 1 : -1 }).map((r) => r.id);
      for (let pageNumber = 1; pageNumber <= 9; pageNumber++) {
        const { read, calls } = memoryReader(rows);
        const search = compileSearch({ orderBy: [`status ${status}`, `name ${name}`], pageNumber, pageSize: 3 });
        const got = await pageByLeadingEnum(search, {}, read);
        expect(got, `${status} ${name} page ${pageNumber}`).toEqual({ ids: expected.slice((pageNumber - 1) * 3, pageNumber * 3), total: 23 });
        // Each segment is a status filter ordered by the second key alone; so is the whole search's
        // total, read first.
        expect(new Set(calls.map((c) => c.orderBy))).toEqual(new Set(['name']));
        expect(calls[0]).toEqual({ filter: '[]', orderBy: 'name', page: 2 ** 31 });
        // The segments' totals: from the page's nearer end, in the order's sequence, only up to the page.
        const totals = calls.filter((c) => c.page === 2 ** 31 && c.filter !== '[]').map((c) => c.filter);
        const values = ['CREATED', 'FAILED', 'MINTED', 'PENDING'].map((v) => JSON.stringify([v]));
        const inOrder = status === 'asc' ? values : [...values].reverse();
        const from = (pageNumber - 1) * 3;
        const to = Math.min(from + 3, 23);
        if (from >= 23) expect(totals).toEqual([]);
        else if (from < 23 - to) expect(totals).toEqual(inOrder.slice(0, totals.length));
        else expect(totals).toEqual(inOrder.slice(4 - totals.length).reverse());
        // The first page and the last read one segment's total each.
        if (pageNumber === 1 || pageNumber === 8) expect(totals, `${status} ${name} page ${pageNumber}`).toHaveLength(1);
      }
    }
  });

  it('drops the leading key when the filter fixes it, and leaves other orders alone', async () => {
    const { read, calls } = memoryReader(rows);
    const fixed = compileSearch({ orderBy: ['status desc', 'supply asc'], advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' }, pageSize: 50 });
    const got = await pageByLeadingEnum(fixed, {}, read);
    expect(calls).toEqual([{ filter: '["MINTED"]', orderBy: 'supply', page: 1 }]);
    expect(got!.total).toBe(rows.filter((r) => r.status === 'MINTED').length);
    for (const orderBy of [['name asc', 'status asc'], []]) {
      expect(await pageByLeadingEnum(compileSearch({ orderBy }), {}, read)).toBeNull();
    }
    // The enum alone, fixed by the filter: nothing to split.
    const alone = compileSearch({ orderBy: ['status asc'], advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' } });
    expect(await pageByLeadingEnum(alone, {}, read)).toBeNull();
  });

  it('splits an order of the enum alone, each segment keeping it (its rows then by id)', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const d = direction === 'asc' ? 1 : -1;
      const expected = [...rows].sort((a, b) => (a.status !== b.status ? (a.status < b.status ? -1 : 1) * d : (a.id < b.id ? -1 : 1) * d)).map((r) => r.id);
      for (let pageNumber = 1; pageNumber <= 9; pageNumber++) {
        const { read, calls } = memoryReader(rows);
        const got = await pageByLeadingEnum(compileSearch({ orderBy: [`status ${direction}`], pageNumber, pageSize: 3 }), {}, read);
        expect(got, `${direction} page ${pageNumber}`).toEqual({ ids: expected.slice((pageNumber - 1) * 3, pageNumber * 3), total: 23 });
        expect(calls.filter((c) => c.filter !== '[]').every((c) => c.orderBy === 'status' && JSON.parse(c.filter).length === 1)).toBe(true);
      }
    }
  });
});

describe('B1 ordered by status (then another key), on the engine of the run', () => {
  it('answers every page like one sort of the whole set, with filters and a keyword', async () => {
    const store = await getStore();
    const [org] = await store.insert(organizations).values({ name: 'split', tenant: `split-${crypto.randomUUID()}` }).returning();
    const [contract] = await store.insert(smartContracts).values({ organizationId: org!.id, name: 'Works', symbol: 'W' }).returning();
    const [holder] = await store.insert(users).values({ email: `split-${crypto.randomUUID()}@example.test` }).returning();
    const words = ['amber', 'harbor', 'Amber', 'willow'];
    for (let i = 0; i < 30; i++) {
      const [nft] = await store
        .insert(nfts)
        .values({
          organizationId: org!.id,
          smartContractId: contract!.id,
          name: `${words[i % 4]} ${(i * 7) % 10}`,
          supply: (i % 5) + 1,
          status: statuses[(i * 3) % 4] as 'CREATED',
          createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
        })
        .returning();
      if (i % 3 === 0) await store.insert(copyrightShares).values({ nftId: nft!.id, userId: holder!.id, status: 'AUTHORIZED', percentage: 100 });
    }
    const all = (await searchNfts(store, org!.id, { pageSize: 100 })).data;
    const bodies = [
      {},
      { keyword: 'amber' },
      { advancedFilter: { field: 'supply', operator: 'gte', value: 3 } },
      { advancedFilter: { field: 'copyrighted', operator: 'eq', value: true } },
      { advancedFilter: { field: 'status', operator: 'eq', value: 'PENDING' } },
    ];
    for (const body of bodies) {
      for (const orderBy of [
        ['status asc'],
        ['status desc'],
        ['status asc', 'name desc'],
        ['status desc', 'supply asc'],
        ['status desc', 'name asc', 'supply desc'],
      ]) {
        const matching = all.filter(
          (n) =>
            (!body.keyword || n.name.toLowerCase().includes(body.keyword) || String(n.description ?? '').toLowerCase().includes(body.keyword)) &&
            (!body.advancedFilter ||
              (body.advancedFilter.field === 'supply'
                ? n.supply >= 3
                : body.advancedFilter.field === 'copyrighted'
                  ? n.copyrighted === true
                  : n.status === body.advancedFilter.value)),
        );
        const keys = orderBy.map((o) => ({ f: o.split(' ')[0] as 'status' | 'name' | 'supply', d: o.endsWith('asc') ? 1 : -1 }));
        const value = (n: (typeof all)[number], f: 'status' | 'name' | 'supply') => (f === 'name' ? n.name.toLowerCase() : n[f]);
        const expected = [...matching]
          .sort((a, b) => {
            for (const k of keys) if (value(a, k.f) !== value(b, k.f)) return (value(a, k.f) < value(b, k.f) ? -1 : 1) * k.d;
            return (a.id < b.id ? -1 : 1) * keys[keys.length - 1]!.d;
          })
          .map((n) => n.id);
        for (let pageNumber = 1; pageNumber <= Math.ceil(expected.length / 4) + 1; pageNumber++) {
          const page = await searchNfts(store, org!.id, { ...body, orderBy, pageNumber, pageSize: 4 });
          expect(page.totalCount).toBe(expected.length);
          expect(
            page.data.map((d) => d.id),
            JSON.stringify({ body, orderBy, pageNumber }),
          ).toEqual(expected.slice((pageNumber - 1) * 4, pageNumber * 4));
        }
      }
    }
  });
});
