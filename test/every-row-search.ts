import type { SearchNftsBody } from '@/lib/nft-search/schemas';

/*
 * The B1 "search whose rows are every NFT of its status" tests, one model for both engines
 * (lib/storage/sqlite/lists/every-row.test.ts, lib/storage/postgres/lists/every-row.test.ts):
 * 36 NFTs, `q` in every name and `zq` in four of five, three statuses, supplies 1–4.
 */
export type EveryRowNft = { id: string; name: string; status: string; supply: number };
export type EveryRowOrder = { key: 'name' | 'supply' | 'status,name'; dir: 'asc' | 'desc' };
export type EveryRowFilter = { status?: string; supplyGte?: number };

const statuses = ['CREATED', 'MINTED', 'FAILED'] as const;

/** The seed's NFTs before they are written (each test stores them its own way and records the id). */
export const everyRowSeed = Array.from({ length: 36 }, (_, i) => ({
  name: i % 5 ? `zq ${(i * 7) % 36}` : `q ${(i * 7) % 36}`,
  status: statuses[i % 3]!,
  supply: 1 + (i % 4),
}));

export const everyRowOrders: EveryRowOrder[] = [
  { key: 'name', dir: 'asc' },
  { key: 'supply', dir: 'desc' },
  { key: 'status,name', dir: 'desc' },
];

export const everyRowFilters: EveryRowFilter[] = [{}, { status: 'MINTED' }, { status: 'MINTED', supplyGte: 1 }, { status: 'FAILED', supplyGte: 3 }];

/** The ids the search selects, in its order (the keyword is looked for in the name only: the seed's other texts hold no `q`). */
export function everyRowModel(rows: EveryRowNft[], keyword: string, filter: EveryRowFilter, order: EveryRowOrder): string[] {
  const sign = order.dir === 'asc' ? 1 : -1;
  const cmp = (a: EveryRowNft, b: EveryRowNft) => {
    if (order.key === 'status,name' && a.status !== b.status) return a.status < b.status ? -1 : 1;
    if (order.key === 'supply' && a.supply !== b.supply) return (a.supply - b.supply) * sign;
    if (order.key !== 'supply' && a.name !== b.name) return (a.name < b.name ? -1 : 1) * sign;
    return (a.id < b.id ? -1 : 1) * sign;
  };
  return rows
    .filter((r) => r.name.includes(keyword) && (!filter.status || r.status === filter.status) && (filter.supplyGte === undefined || r.supply >= filter.supplyGte))
    .sort(cmp)
    .map((r) => r.id);
}

/** The B1 body of a keyword, filter and order, four NFTs a page. */
export function everyRowBody(keyword: string, filter: EveryRowFilter, order: EveryRowOrder, pageNumber: number): SearchNftsBody {
  const leaves = [
    ...(filter.status ? [{ field: 'status', operator: 'eq', value: filter.status }] : []),
    ...(filter.supplyGte !== undefined ? [{ field: 'supply', operator: 'gte', value: filter.supplyGte }] : []),
  ];
  return {
    keyword,
    orderBy: order.key === 'status,name' ? ['status asc', `name ${order.dir}`] : [`${order.key} ${order.dir}`],
    advancedFilter: leaves.length === 0 ? undefined : leaves.length === 1 ? leaves[0] : { logic: 'and', filters: leaves },
    pageNumber,
    pageSize: 4,
  };
}
