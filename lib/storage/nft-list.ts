import type { SQL } from 'drizzle-orm';
import type { NftFilter, NftPageRequest } from './list-requests';
import type { IdsPage } from './lists';
import { nftExportWherePg, nftPage as postgresNftPage } from './postgres/lists/nfts';
import { postgresDbOf } from './postgres/store';
import { nftExportWhere as sqliteNftExportWhere, nftPage as sqliteNftPage } from './sqlite/lists/nfts';
import { sqliteDbOf } from './sqlite/store';
import type { Store } from './store';

/** A5 on the store's engine: the ids of one page and the exact total (the sqlite/ and postgres/ lists/nfts.ts). */
export async function nftPage(store: Store, organizationId: string, q: NftPageRequest): Promise<IdsPage> {
  return store.engine === 'sqlite' ? sqliteNftPage(sqliteDbOf(store), organizationId, q) : postgresNftPage(postgresDbOf(store), organizationId, q);
}

/**
 * The WHERE of an A5 export over `nfts` (joinable: every column qualified), on the store's engine.
 * Which rows match is the list module's; the export walks them by (created_at, id).
 */
export function nftExportWhere(store: Store, organizationId: string, q: NftFilter): SQL | undefined {
  return store.engine === 'sqlite' ? sqliteNftExportWhere(sqliteDbOf(store), organizationId, q) : nftExportWherePg(organizationId, q);
}
