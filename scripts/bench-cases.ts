/**
 * The HTTP benchmark's cases. Every request is drawn afresh (random page, term, id, filter) so
 * no cache of a few answers can stand in for the query. `kind` selects the target.
 */
import { adjectives, nouns } from './bench-seed';

export type Kind = 'floor' | 'list' | 'search' | 'write' | 'b3';
export type BenchRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
export type BenchCase = { name: string; kind: Kind; status: number; make: () => BenchRequest; connections?: number };

export type BenchContext = {
  rows: number;
  members: number;
  contractIds: string[];
  memberIds: string[];
  tenant: string;
  keyA: string;
  keyB: string;
};

const int = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
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
  const common = () => pick(adjectives);
  const rareNft = () => `#${int(0, ctx.rows - 1)}`;
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
    search('A9 members search common term', () => get('/api/v1/cl2c/user', { search: pick(firstNames), page: int(1, 5) })),
    search('A9 members search rare term', () => get('/api/v1/cl2c/user', { search: `.${int(0, ctx.members - 1)}@` })),

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
    search('B1 advancedSearch name common term', () => b1({ advancedSearch: { fields: ['name'], keyword: pick(nouns) }, pageNumber: int(1, 5) })),
    search('B1 advancedSearch name rare term', () => b1({ advancedSearch: { fields: ['name'], keyword: rareNft() } })),
    search('B1 smartContractId + keyword', () => b1({ smartContractId: pick(ctx.contractIds), keyword: common() })),
    search('B1 advancedFilter name contains', () => b1({ advancedFilter: { field: 'name', operator: 'contains', value: pick(nouns) }, pageNumber: int(1, 5) })),

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

/** The mixed case: the heaviest search on half the connections, cheap requests on the other half. */
export function mixedCases(all: BenchCase[]): { heavy: BenchCase; cheap: BenchCase } {
  return { heavy: all.find((c) => c.name === 'B1 keyword common term')!, cheap: all.find((c) => c.kind === 'floor')! };
}
