/**
 * The HTTP benchmark's cases. Every request is drawn afresh (random page, term, id, filter) so
 * no cache of a few answers can stand in for the query. `kind` selects the target.
 */
import { adjectives, colours, nouns, type SeedStyle } from './bench-seed';

export type Kind = 'floor' | 'list' | 'search' | 'write' | 'b3';
/** `shape`: for a sampled case, the combination drawn, one value per dimension (search, sort, filter, page). */
export type BenchRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string; shape?: Shape };
export type Shape = Record<string, string>;
/** `sampled`: every request draws a combination; the report breaks the case down by shape. */
export type BenchCase = { name: string; kind: Kind; status: number; make: () => BenchRequest; connections?: number; sampled?: boolean };

export type BenchContext = {
  rows: number;
  members: number;
  /** How the seed named things (absent in a context written before the option existed: bench). */
  names?: SeedStyle;
  contractIds: string[];
  memberIds: string[];
  tenant: string;
  keyA: string;
  keyB: string;
};

let random = Math.random;
/**
 * Draw every later request from a fixed sequence (a linear congruential generator started at
 * `seed`): two builds given the same seed measure the same requests (scripts/bench-shapes.ts).
 */
export function seedDraws(seed: number): void {
  let state = Math.abs(Math.trunc(seed)) % 2147483648;
  random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const firstNames = ['ada', 'bruno', 'dmitri', 'emma', 'farid', 'grace', 'hugo', 'ines', 'jonas'];

export function benchCases(ctx: BenchContext): BenchCase[] {
  const a = { 'x-api-key': ctx.keyA };
  const b = { tenant: ctx.tenant, 'x-api-key': ctx.keyB, 'content-type': 'application/json' };
  const get = (path: string, query: Record<string, string | number | undefined>): BenchRequest => {
    const qs = Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('&');
    return { method: 'GET', path: qs ? `${path}?${qs}` : path, headers: { ...a } };
  };
  const contracts = ctx.contractIds.length;
  const nftPages = Math.max(1, Math.ceil(ctx.rows / 20));
  const contractPages = Math.max(1, Math.ceil(contracts / 20));
  const memberPages = Math.max(1, Math.ceil(ctx.members / 20));
  const dir = () => pick(['asc', 'desc']);
  const list = (name: string, make: () => BenchRequest): BenchCase => ({ name, kind: 'list', status: 200, make });
  const search = (name: string, make: () => BenchRequest): BenchCase => ({ name, kind: 'search', status: 200, make });
  const b1 = (body: Record<string, unknown>): BenchRequest => ({ method: 'POST', path: '/v1/cl2c/nfts/search', headers: { ...b }, body: JSON.stringify(body) });
  const outside = ctx.names === 'outside';
  // The words every tenth name holds (both words of a name: its start and its middle).
  const firstWords = outside ? nouns : adjectives;
  const secondWords = outside ? colours : nouns;
  const common = () => pick(firstWords);
  const commonAny = () => pick(random() < 0.5 ? firstWords : secondWords);
  const rareNft = () => `#${int(0, ctx.rows - 1)}`;
  // A member's e-mail prefix: `person12` (1 to ~11,000 of 100k) / `ada.12` (a few), and a first name.
  const memberPrefix = () => (outside ? `person${int(1, 999)}` : `${pick(firstNames)}.${int(1, 99)}`);
  const memberCommon = () => (outside ? pick(['person', 'outside', 'person1', 'person5']) : pick(firstNames));
  const memberRare = () => (outside ? `person${int(0, ctx.members - 1)}@` : `.${int(0, ctx.members - 1)}@`);
  // Terms too short for the trigram index (lib/storage/sqlite/grams.ts): in most names / in next to none.
  const shortCommon = ['a', 'E', 'r', 'o', 'n', 'er', 'AN', 'ar', 'or', 'en', 'n ', 'e '];
  const shortRare = ['zq', 'qx', 'jv', 'WZ', 'xk', 'vq', 'kz', 'fz', 'q', 'x'];

  const cases: BenchCase[] = [
    { name: 'floor: A10 unknown id (auth + lookups → 404)', kind: 'floor', status: 404, make: () => get(`/api/v1/cl2c/user/${crypto.randomUUID()}`, {}) },

    list('A1 contracts random page', () => get('/api/v1/cl2c/contract', { page: int(1, contractPages) })),
    list('A1 contracts random status, random page', () => get('/api/v1/cl2c/contract', { status: pick(['CREATED', 'DEPLOYED', 'FAILED']), page: int(1, Math.ceil(contractPages / 3)) })),
    ...(['createdAt', 'updatedAt', 'name', 'symbol', 'status', 'deployedAt'] as const).map((sortBy) =>
      list(`A1 contracts sortBy=${sortBy}, random order/page`, () => get('/api/v1/cl2c/contract', { sortBy, sortOrder: dir(), page: int(1, contractPages) })),
    ),
    search('A1 contracts search common term', () => get('/api/v1/cl2c/contract', { search: common(), page: int(1, 3) })),
    search('A1 contracts search rare term', () => get('/api/v1/cl2c/contract', { search: `collection ${int(0, contracts - 1)}` })),

    list('A5 NFTs page 1', () => get('/api/v1/cl2c/nft', {})),
    list('A5 NFTs random deep page', () => get('/api/v1/cl2c/nft', { page: int(1, nftPages) })),
    list('A5 NFTs random contractId, random page', () =>
      get('/api/v1/cl2c/nft', { contractId: pick(ctx.contractIds), page: int(1, Math.max(1, Math.floor(ctx.rows / contracts / 20))) }),
    ),
    list('A5 NFTs random status + sortBy name/supply', () =>
      get('/api/v1/cl2c/nft', { status: pick(['CREATED', 'PENDING', 'MINTED', 'FAILED']), sortBy: pick(['name', 'supply']), sortOrder: dir(), page: int(1, 50) }),
    ),
    ...(['createdAt', 'updatedAt', 'name', 'status', 'mintedAt', 'supply'] as const).map((sortBy) =>
      list(`A5 NFTs sortBy=${sortBy}, random order/page`, () => get('/api/v1/cl2c/nft', { sortBy, sortOrder: dir(), page: int(1, nftPages) })),
    ),
    search('A5 NFTs search common term', () => get('/api/v1/cl2c/nft', { search: common(), page: int(1, 5) })),
    search('A5 NFTs search rare term', () => get('/api/v1/cl2c/nft', { search: rareNft() })),
    search('A5 NFTs search 1–2 characters, common', () => get('/api/v1/cl2c/nft', { search: pick(shortCommon), page: int(1, 5) })),
    search('A5 NFTs search 1–2 characters, rare', () => get('/api/v1/cl2c/nft', { search: pick(shortRare) })),

    list('A9 members random page', () => get('/api/v1/cl2c/user', { page: int(1, memberPages) })),
    list('A9 members random status, random page', () =>
      get('/api/v1/cl2c/user', { status: pick(['ACTIVE', 'SUSPENDED', 'PENDING']), page: int(1, Math.max(1, Math.floor(memberPages / 10))) }),
    ),
    list('A9 members hasWallet=true', () => get('/api/v1/cl2c/user', { hasWallet: 'true', page: int(1, 20) })),
    ...(['createdAt', 'updatedAt', 'email', 'status'] as const).map((sortBy) =>
      list(`A9 members sortBy=${sortBy}, random order/page`, () => get('/api/v1/cl2c/user', { sortBy, sortOrder: dir(), page: int(1, memberPages) })),
    ),
    search('A9 members search common term', () => get('/api/v1/cl2c/user', { search: memberCommon(), page: int(1, 5) })),
    search('A9 members search rare term', () => get('/api/v1/cl2c/user', { search: memberRare() })),
    search('A9 members search e-mail prefix', () => get('/api/v1/cl2c/user', { search: memberPrefix(), page: int(1, 5) })),

    list('B1 no criteria, random page', () => b1({ pageNumber: int(1, Math.ceil(ctx.rows / 10)), pageSize: 10 })),
    list('B1 advancedFilter status+supply, orderBy supply/mintedAt', () =>
      b1({
        advancedFilter: {
          logic: 'and',
          filters: [
            { field: 'status', operator: 'eq', value: pick(['CREATED', 'PENDING', 'MINTED', 'FAILED']) },
            { field: 'supply', operator: 'gte', value: int(1, 50) },
          ],
        },
        orderBy: [pick(['supply desc', 'mintedAt desc', 'createdAt'])],
        pageNumber: int(1, 20),
      }),
    ),
    list('B1 orderBy name (string sort)', () => b1({ orderBy: [`name ${dir()}`], pageNumber: int(1, 20) })),
    search('B1 keyword common term', () => b1({ keyword: common(), pageNumber: int(1, 5) })),
    search('B1 keyword rare term', () => b1({ keyword: rareNft() })),
    search('B1 keyword 1–2 characters, common', () => b1({ keyword: pick(shortCommon), pageNumber: int(1, 5) })),
    search('B1 keyword 1–2 characters, rare', () => b1({ keyword: pick(shortRare) })),
    search('B1 advancedSearch name common term', () => b1({ advancedSearch: { fields: ['name'], keyword: pick(secondWords) }, pageNumber: int(1, 5) })),
    search('B1 advancedSearch name common term, orderBy name', () =>
      b1({ advancedSearch: { fields: ['name'], keyword: commonAny() }, orderBy: [`name ${dir()}`], pageNumber: int(1, 5) }),
    ),
    search('B1 advancedSearch name rare term', () => b1({ advancedSearch: { fields: ['name'], keyword: rareNft() } })),
    search('B1 smartContractId + keyword', () => b1({ smartContractId: pick(ctx.contractIds), keyword: common() })),
    search('B1 advancedFilter name contains', () => b1({ advancedFilter: { field: 'name', operator: 'contains', value: pick(secondWords) }, pageNumber: int(1, 5) })),

    ...sampledCases(ctx, { get, b1, common: commonAny, rareNft, memberCommon, memberRare, memberPrefix, shortCommon, shortRare, firstWords }),

    {
      name: 'A6 create NFT (no image)',
      kind: 'write',
      status: 201,
      make: () => ({
        method: 'POST',
        path: '/api/v1/cl2c/nft',
        headers: { ...a, 'content-type': 'application/json' },
        body: JSON.stringify({ smartContractId: pick(ctx.contractIds), name: `bench ${common()} ${crypto.randomUUID().slice(0, 8)}`, description: 'created by the benchmark', supply: int(1, 10) }),
      }),
    },
    {
      name: 'A13 bulk invite (100 entries)',
      kind: 'write',
      status: 200,
      make: () => ({
        method: 'POST',
        path: '/api/v1/cl2c/user/bulk',
        headers: { ...a, 'content-type': 'application/json' },
        body: JSON.stringify({ users: Array.from({ length: 100 }, () => ({ email: `bulk.${crypto.randomUUID().slice(0, 12)}@bench.test` })) }),
      }),
    },
    { name: `B3 all users of the tenant (${Math.ceil(ctx.members / 2)} members)`, kind: 'b3', status: 200, make: () => ({ method: 'GET', path: '/v1/cl2c/users', headers: { ...b } }) },
  ];
  return cases;
}

type Draw = {
  get: (path: string, query: Record<string, string | number | undefined>) => BenchRequest;
  b1: (body: Record<string, unknown>) => BenchRequest;
  common: () => string;
  rareNft: () => string;
  memberCommon: () => string;
  memberRare: () => string;
  memberPrefix: () => string;
  shortCommon: readonly string[];
  shortRare: readonly string[];
  firstWords: readonly string[];
};

/** One value of a dimension: its label in the report and what it adds to the request. */
type Option<T> = { label: string; weight?: number; apply: () => T };

function choose<T>(options: Option<T>[]): { label: string; value: T } {
  const total = options.reduce((sum, o) => sum + (o.weight ?? 1), 0);
  let at = random() * total;
  for (const o of options) {
    at -= o.weight ?? 1;
    if (at < 0) return { label: o.label, value: o.apply() };
  }
  const last = options.at(-1)!;
  return { label: last.label, value: last.apply() };
}

/**
 * The sampled cases: per list (A1, A5, A9, B1) every request draws search × sort × filter × page,
 * so combinations no fixed case names (a common term sorted by name, a prefix under a filter, a
 * deep page of a filtered sort…) are measured too. Each request carries its shape; the report
 * breaks the case down per dimension value and lists the slowest shapes (scripts/bench.ts).
 */
function sampledCases(ctx: BenchContext, d: Draw): BenchCase[] {
  type Query = Record<string, string | number | undefined>;
  const sampled = (name: string, make: () => BenchRequest): BenchCase => ({ name, kind: 'search', status: 200, make, sampled: true });
  const dir = () => pick(['asc', 'desc']);
  // Pages: the first, 2–5, or deep (anywhere in the expected size; an empty page past the end is a valid answer).
  const page = (size: number, limit: number): Option<number>[] => [
    { label: '1', apply: () => 1 },
    { label: '2–5', apply: () => int(2, 5) },
    { label: 'deep', apply: () => int(6, Math.max(6, Math.ceil(size / limit))) },
  ];
  const shapeOf = (parts: Record<string, { label: string }>): Shape => Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.label]));
  const aSearch = (common: () => string, rare: () => string, prefix: () => string): Option<string | undefined>[] => [
    { label: 'none', weight: 2, apply: () => undefined },
    { label: 'common', apply: common },
    { label: 'rare', apply: rare },
    { label: 'prefix', apply: prefix },
    { label: '1–2 chars common', apply: () => pick(d.shortCommon) },
    { label: '1–2 chars rare', apply: () => pick(d.shortRare) },
  ];
  const sorts = (fields: readonly string[]): Option<Query>[] => [
    { label: 'default', apply: () => ({}) },
    ...fields.map((f) => ({ label: f, apply: () => ({ sortBy: f, sortOrder: dir() }) })),
  ];
  const contracts = ctx.contractIds.length;

  const a1 = () => {
    const search = choose(aSearch(d.common, () => `collection ${int(0, contracts - 1)}`, () => `${pick(d.firstWords)} ${pick(nouns).slice(0, 3)}`));
    const sort = choose(sorts(['createdAt', 'updatedAt', 'name', 'symbol', 'status', 'deployedAt']));
    const filter = choose<Query>([
      { label: 'none', weight: 2, apply: () => ({}) },
      { label: 'status', apply: () => ({ status: pick(['CREATED', 'DEPLOYED', 'FAILED']) }) },
    ]);
    const p = choose(page(contracts, 20));
    return { ...d.get('/api/v1/cl2c/contract', { search: search.value, ...sort.value, ...filter.value, page: p.value }), shape: shapeOf({ search, sort, filter, page: p }) };
  };
  const a5 = () => {
    // A prefix of a name: its first word and the start of the second (`harbor vi`, `amber ha`).
    const search = choose(aSearch(d.common, d.rareNft, () => `${pick(d.firstWords)} ${pick([...nouns, ...colours]).slice(0, 2)}`));
    const sort = choose(sorts(['createdAt', 'updatedAt', 'name', 'status', 'mintedAt', 'supply']));
    const filter = choose<Query>([
      { label: 'none', weight: 2, apply: () => ({}) },
      { label: 'status', apply: () => ({ status: pick(['CREATED', 'PENDING', 'MINTED', 'FAILED']) }) },
      { label: 'contract', apply: () => ({ contractId: pick(ctx.contractIds) }) },
      { label: 'copyright', apply: () => ({ copyrightStatus: pick(['NONE', 'AWAITING', 'COPYRIGHTED']) }) },
    ]);
    const p = choose(page(filter.label === 'contract' ? ctx.rows / contracts : ctx.rows / 4, 20));
    return { ...d.get('/api/v1/cl2c/nft', { search: search.value, ...sort.value, ...filter.value, page: p.value }), shape: shapeOf({ search, sort, filter, page: p }) };
  };
  const a9 = () => {
    const search = choose(aSearch(d.memberCommon, d.memberRare, d.memberPrefix));
    const sort = choose(sorts(['createdAt', 'updatedAt', 'email', 'status']));
    const filter = choose<Query>([
      { label: 'none', weight: 2, apply: () => ({}) },
      { label: 'status', apply: () => ({ status: pick(['ACTIVE', 'SUSPENDED', 'PENDING']) }) },
      { label: 'hasWallet', apply: () => ({ hasWallet: pick(['true', 'false']) }) },
    ]);
    const p = choose(page(ctx.members / 3, 20));
    return { ...d.get('/api/v1/cl2c/user', { search: search.value, ...sort.value, ...filter.value, page: p.value }), shape: shapeOf({ search, sort, filter, page: p }) };
  };
  const b1 = () => {
    const search = choose<Record<string, unknown>>([
      { label: 'none', weight: 2, apply: () => ({}) },
      { label: 'keyword common', apply: () => ({ keyword: d.common() }) },
      { label: 'keyword rare', apply: () => ({ keyword: d.rareNft() }) },
      { label: 'keyword 1–2 chars', apply: () => ({ keyword: pick([...d.shortCommon, ...d.shortRare]) }) },
      { label: 'name common', apply: () => ({ advancedSearch: { fields: ['name'], keyword: d.common() } }) },
      { label: 'name prefix', apply: () => ({ advancedSearch: { fields: ['name'], keyword: `${pick(d.firstWords)} ${pick([...nouns, ...colours]).slice(0, 2)}` } }) },
      { label: 'name rare', apply: () => ({ advancedSearch: { fields: ['name'], keyword: d.rareNft() } }) },
    ]);
    const sort = choose<Record<string, unknown>>([
      { label: 'default', apply: () => ({}) },
      ...['name', 'createdAt', 'updatedAt', 'supply', 'mintedAt', 'status', 'tokenId', 'smartContractName'].map((f) => ({ label: f, apply: () => ({ orderBy: [`${f} ${dir()}`] }) })),
      { label: 'status, name', apply: () => ({ orderBy: [`status ${dir()}`, `name ${dir()}`] }) },
    ]);
    const statusEq = () => ({ field: 'status', operator: 'eq', value: pick(['CREATED', 'PENDING', 'MINTED', 'FAILED']) });
    const filter = choose<Record<string, unknown>>([
      { label: 'none', weight: 2, apply: () => ({}) },
      { label: 'contract', apply: () => ({ smartContractId: pick(ctx.contractIds) }) },
      { label: 'status', apply: () => ({ advancedFilter: statusEq() }) },
      { label: 'status+supply', apply: () => ({ advancedFilter: { logic: 'and', filters: [statusEq(), { field: 'supply', operator: 'gte', value: int(1, 50) }] } }) },
      { label: 'name contains', apply: () => ({ advancedFilter: { field: 'name', operator: 'contains', value: d.common() } }) },
      { label: 'copyrighted', apply: () => ({ advancedFilter: { field: 'copyrighted', operator: 'eq', value: true } }) },
    ]);
    const p = choose(page(filter.label === 'contract' ? ctx.rows / contracts : ctx.rows / 4, 20));
    return { ...d.b1({ ...search.value, ...sort.value, ...filter.value, pageNumber: p.value, pageSize: 20 }), shape: shapeOf({ search, sort, filter, page: p }) };
  };
  return [
    sampled('A1 contracts sampled (search × sort × filter × page)', a1),
    sampled('A5 NFTs sampled (search × sort × filter × page)', a5),
    sampled('A9 members sampled (search × sort × filter × page)', a9),
    sampled('B1 sampled (search × sort × filter × page)', b1),
  ];
}

/** The mixed case: the heaviest search on half the connections, cheap requests on the other half. */
export function mixedCases(all: BenchCase[]): { heavy: BenchCase; cheap: BenchCase } {
  return { heavy: all.find((c) => c.name === 'B1 keyword common term')!, cheap: all.find((c) => c.kind === 'floor')! };
}
