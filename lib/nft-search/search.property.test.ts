import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyrightShares, nfts, organizations, smartContracts, users } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { pgListTuning } from '@/lib/storage/postgres/lists/paging';
import type { AdvancedFilterInput } from './schemas';
import { searchNfts } from './service';

/*
 * Property: for random rows and random filter trees (plus an optional keyword), the SQL search
 * returns exactly the rows a straightforward in-memory evaluation of the same request selects.
 * The evaluator below is written independently of the translator: it reads the raw request.
 */

type FieldKind = 'string' | 'integer' | 'boolean' | 'date' | 'uuid' | 'enum';
const kinds: Record<string, FieldKind> = {
  name: 'string',
  description: 'string',
  licence: 'string',
  smartContractName: 'string',
  supply: 'integer',
  tokenId: 'integer',
  minted: 'boolean',
  copyrighted: 'boolean',
  mintedAt: 'date',
  createdAt: 'date',
  smartContractId: 'uuid',
  status: 'enum',
};
const operatorsOf: Record<FieldKind, string[]> = {
  string: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'contains', 'startswith', 'endswith'],
  integer: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'],
  date: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'],
  boolean: ['eq', 'neq'],
  uuid: ['eq', 'neq'],
  enum: ['eq', 'neq'],
};
const statuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'] as const;
const dates = ['2026-01-01T00:00:00.000Z', '2026-01-02T12:00:00.000Z', '2026-03-01T00:00:00.000Z'];

// A tiny alphabet so that equal, prefix and substring matches actually happen; includes
// non-ASCII case pairs, the LIKE metacharacters and a line break (PostgreSQL joins the other text
// fields with one for its search index: a keyword must not match across two fields).
const text = fc
  .array(fc.constantFrom('a', 'A', 'b', 'é', 'É', '%', '_', ' ', 'z', '\n'), { minLength: 0, maxLength: 4 })
  .map((cs) => cs.join(''));
const nullableText = fc.option(text, { nil: null });

type RowSpec = {
  name: string;
  description: string | null;
  licence: string | null;
  supply: number;
  tokenId: number | null;
  status: (typeof statuses)[number];
  mintedAt: string | null;
  contract: 0 | 1;
  shares: ('PENDING' | 'AUTHORIZED' | 'REJECTED')[];
};

const rowSpec: fc.Arbitrary<RowSpec> = fc.record({
  name: text,
  description: nullableText,
  licence: nullableText,
  supply: fc.integer({ min: 1, max: 4 }),
  tokenId: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  status: fc.constantFrom(...statuses),
  mintedAt: fc.option(fc.constantFrom(...dates), { nil: null }),
  contract: fc.constantFrom(0 as const, 1 as const),
  shares: fc.array(fc.constantFrom('PENDING' as const, 'AUTHORIZED' as const, 'REJECTED' as const), { maxLength: 2 }),
});

const contractNames = ['Zeta é', 'zeta É%'];

/** A value for `field`: drawn from the same small domains as the rows, sometimes null. */
function valueFor(field: string): fc.Arbitrary<string | number | boolean | null> {
  switch (kinds[field]) {
    case 'string':
      return field === 'smartContractName' ? fc.constantFrom(...contractNames, 'zeta', 'É') : text;
    case 'integer':
      return fc.oneof(fc.integer({ min: -1, max: 5 }), fc.integer({ min: 0, max: 4 }).map(String));
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'FALSE'));
    case 'date':
      return fc.constantFrom(...dates, '2026-01-02', '2026-02-01T00:00:00Z');
    case 'uuid':
      return fc.constantFrom('C0', 'C1');
    default:
      return fc.constantFrom('created', 'Pending', 'MINTED', 'failed');
  }
}

const leaf: fc.Arbitrary<AdvancedFilterInput> = fc
  .constantFrom(...Object.keys(kinds))
  .chain((field) =>
    fc.record({
      field: fc.constant(field),
      operator: fc.constantFrom(...operatorsOf[kinds[field]!]),
      value: fc.option(valueFor(field), { nil: null, freq: 6 }),
    }),
  )
  // null only with eq/neq (anything else is a 400 by design, tested elsewhere).
  .map((l) => (l.value === null && l.operator !== 'eq' && l.operator !== 'neq' ? { ...l, operator: 'eq' } : l));

const tree = fc.letrec<{ node: AdvancedFilterInput }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'tree' },
    leaf,
    fc.record({
      logic: fc.constantFrom('and', 'or', 'xor'),
      filters: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
    }),
  ),
})).node;

/* ----------------------------- in-memory evaluator ----------------------------- */

type Item = Record<string, string | number | boolean | null>;

function cmp(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function evalLeaf(item: Item, f: AdvancedFilterInput, contractIds: string[]): boolean {
  const kind = kinds[f.field!]!;
  const raw = item[f.field!];
  const op = f.operator!;
  if (f.value === null || f.value === undefined) return op === 'eq' ? raw === null : raw !== null;
  let a: string | number | boolean | null;
  let b: string | number | boolean;
  switch (kind) {
    case 'string':
      a = raw === null ? null : (raw as string).toLowerCase();
      b = String(f.value).toLowerCase();
      break;
    case 'integer':
      a = raw as number | null;
      b = Number(f.value);
      break;
    case 'boolean':
      a = raw as boolean;
      b = typeof f.value === 'boolean' ? f.value : String(f.value).toLowerCase() === 'true';
      break;
    case 'date':
      a = raw === null ? null : Date.parse(raw as string);
      b = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(String(f.value)) ? `${String(f.value)}T00:00:00Z` : String(f.value));
      break;
    case 'uuid':
      a = raw as string;
      b = contractIds[String(f.value) === 'C0' ? 0 : 1]!;
      break;
    default:
      a = raw as string;
      b = String(f.value).toUpperCase();
  }
  const eq = a !== null && a === b;
  if (op === 'eq') return eq;
  if (op === 'neq') return !eq;
  if (a === null) return false;
  if (typeof a === 'string' && typeof b === 'string') {
    if (op === 'contains') return a.includes(b);
    if (op === 'startswith') return a.startsWith(b);
    if (op === 'endswith') return a.endsWith(b);
    const c = cmp(a, b);
    return op === 'lt' ? c < 0 : op === 'lte' ? c <= 0 : op === 'gt' ? c > 0 : c >= 0;
  }
  const x = a as number;
  const y = b as number;
  return op === 'lt' ? x < y : op === 'lte' ? x <= y : op === 'gt' ? x > y : x >= y;
}

function evalNode(item: Item, node: AdvancedFilterInput, contractIds: string[]): boolean {
  if (!node.logic) return evalLeaf(item, node, contractIds);
  const results = node.filters!.map((f) => evalNode(item, f, contractIds));
  if (node.logic === 'and') return results.every(Boolean);
  if (node.logic === 'or') return results.some(Boolean);
  return results.filter(Boolean).length % 2 === 1;
}

const keywordFields = [
  'name',
  'description',
  'externalUrl',
  'imagePath',
  'smartContractName',
  'supply',
  'minted',
  'mintedAt',
  'mintTransactionHash',
  'mintLogs',
  'tokenId',
  'tokenUri',
  'tokenOwner',
  'copyrighted',
  'copyrightMetadata',
  'copyrightedAt',
  'licence',
  'signature',
  'createdAt',
  'updatedAt',
];
function matchesKeyword(item: Item, keyword: string) {
  const k = keyword.toLowerCase();
  return keywordFields.some((f) => item[f] !== null && String(item[f]).toLowerCase().includes(k));
}

/* ------------------------------------ order ------------------------------------ */

const sortable = ['name', 'description', 'licence', 'smartContractName', 'supply', 'tokenId', 'minted', 'copyrighted', 'mintedAt', 'createdAt', 'status'];
type OrderKey = { field: string; dir: 'asc' | 'desc' };
const orderArb: fc.Arbitrary<string[]> = fc
  .uniqueArray(fc.record({ field: fc.constantFrom(...sortable), dir: fc.constantFrom('asc' as const, 'desc' as const) }), {
    maxLength: 2,
    selector: (k) => k.field,
  })
  .map((keys: OrderKey[]) => keys.map((k) => `${k.field} ${k.dir}`));

/** A field's sort value as B1 defines it: strings by their lower-case form, NULL smallest. */
function sortValue(item: Item, field: string): string | number | null {
  const v = item[field];
  if (v === null || v === undefined) return null;
  if (kinds[field] === 'string') return (v as string).toLowerCase();
  if (kinds[field] === 'date') return Date.parse(v as string);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}
function cmpValues(a: string | number | null, b: string | number | null) {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return typeof a === 'number' ? a - (b as number) : cmp(a, b as string);
}

/** The rows in B1's order: each key, then the id in the last key's direction; default createdAt desc, id desc. */
function ordered(items: Item[], orderBy: string[]): Item[] {
  const keys: OrderKey[] = orderBy.length
    ? orderBy.map((o) => ({ field: o.split(' ')[0]!, dir: o.split(' ')[1] as 'asc' | 'desc' }))
    : [{ field: 'createdAt', dir: 'desc' }];
  const last = keys[keys.length - 1]!.dir;
  return [...items].sort((x, y) => {
    for (const k of keys) {
      const c = cmpValues(sortValue(x, k.field), sortValue(y, k.field));
      if (c) return k.dir === 'asc' ? c : -c;
    }
    const c = cmp(x.id as string, y.id as string);
    return last === 'asc' ? c : -c;
  });
}

/* ------------------------------------ test ------------------------------------ */

/** The rows through the Store, on the engine of the run (SQLite, or PostgreSQL in the postgres project). */
async function seed(rows: RowSpec[]) {
  const store = await getStore();
  const [org] = await store.insert(organizations).values({ name: 'prop', tenant: `prop-${crypto.randomUUID()}` }).returning();
  const contracts = [];
  for (const name of contractNames) {
    const [c] = await store.insert(smartContracts).values({ organizationId: org!.id, name, symbol: 'P' }).returning();
    contracts.push(c!);
  }
  const holders = [];
  for (let i = 0; i < 2; i++) {
    const [u] = await store.insert(users).values({ email: `p-${crypto.randomUUID()}@example.test` }).returning();
    holders.push(u!);
  }
  for (const [i, r] of rows.entries()) {
    const [nft] = await store
      .insert(nfts)
      .values({
        organizationId: org!.id,
        smartContractId: contracts[r.contract]!.id,
        name: r.name,
        description: r.description,
        licence: r.licence,
        supply: r.supply,
        tokenId: r.tokenId,
        status: r.status,
        mintedAt: r.mintedAt ? new Date(r.mintedAt) : null,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
      })
      .returning();
    for (const [j, status] of r.shares.entries()) {
      await store.insert(copyrightShares).values({ nftId: nft!.id, userId: holders[j]!.id, status, percentage: 50 });
    }
  }
  return { organizationId: org!.id, contractIds: contracts.map((c) => c.id) };
}

describe('B1 search: SQL agrees with an in-memory evaluation of the same filter tree', () => {
  it('for random rows, filter trees and keywords', async () => {
    const store = await getStore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowSpec, { minLength: 0, maxLength: 10 }),
        fc.array(tree, { minLength: 1, maxLength: 4 }),
        fc.option(text.filter((t) => t.length > 0), { nil: null }),
        orderArb,
        fc.constantFrom('auto', 'walk', 'hits'),
        fc.constantFrom('auto', 'index', 'row'),
        async (rows, filters, keyword, orderBy, form, narrowing) => {
          // PostgreSQL: both forms of a keyword page (the hits narrowed and sorted, or the sort index
          // walked), and the total and deep pages narrowed through the search indexes or tested on each row.
          pgListTuning.b1Walk = form;
          pgListTuning.searchIndex = narrowing;
          const { organizationId, contractIds } = await seed(rows);
          const all = (await searchNfts(store, organizationId, { pageSize: 100 })).data as unknown as Item[];
          expect(all).toHaveLength(rows.length);
          for (const advancedFilter of filters) {
            const body = { pageSize: 100, advancedFilter: withIds(advancedFilter, contractIds), keyword, orderBy };
            const got = (await searchNfts(store, organizationId, body)).data.map((d) => d.id);
            const plain = JSON.parse(JSON.stringify(all)) as Item[];
            const expected = ordered(
              plain.filter((item) => evalNode(item, advancedFilter, contractIds) && (!keyword || matchesKeyword(item, keyword))),
              orderBy,
            ).map((item) => item.id as string);
            expect(got, JSON.stringify({ advancedFilter, keyword, orderBy })).toEqual(expected);
            // A page of the same answer: the same rows, the exact total.
            const page = await searchNfts(store, organizationId, { ...body, pageSize: 2, pageNumber: 2 });
            expect(page.totalCount).toBe(expected.length);
            expect(page.data.map((d) => d.id)).toEqual(expected.slice(2, 4));
          }
        },
      ),
      { numRuns: 150 },
    );
    pgListTuning.b1Walk = 'auto';
    pgListTuning.searchIndex = 'auto';
  });
});

/** Replaces the C0/C1 placeholders of uuid leaves with the run's contract ids. */
function withIds(node: AdvancedFilterInput, contractIds: string[]): AdvancedFilterInput {
  if (node.logic) return { ...node, filters: node.filters!.map((f) => withIds(f, contractIds)) };
  if (kinds[node.field!] === 'uuid' && (node.value === 'C0' || node.value === 'C1')) {
    return { ...node, value: contractIds[node.value === 'C0' ? 0 : 1]!.toUpperCase() };
  }
  return node;
}
