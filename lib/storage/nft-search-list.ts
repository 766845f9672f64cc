import type { IdsPage } from './lists';
import type { CompiledSearch, NftSearchCriteria } from './nft-search';
import { nftSearchPagePg } from './postgres/lists/nft-search';
import { postgresDbOf } from './postgres/store';
import { nftSearchIds, type B1Observer } from './sqlite/lists/nft-search';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

export type { B1Observer, NftSearchCriteria };

/**
 * B1 on the store's engine: the ids of one page and the exact total (the sqlite/ and postgres/
 * lists/nft-search.ts). `observe` (tests) sees the SQLite engine's plan; PostgreSQL has one plan.
 */
export async function nftSearchPageOf(store: Store, organizationId: string, search: CompiledSearch, body: NftSearchCriteria, observe?: B1Observer): Promise<IdsPage> {
  if (store.engine === 'sqlite') return nftSearchIds(sqliteDbOf(store), organizationId, search, body, observe);
  return nftSearchPagePg(postgresDbOf(store), organizationId, search, body);
}
