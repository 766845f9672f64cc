import type { Db } from '@/lib/storage/sqlite/client';
import { listContracts } from '@/lib/contracts/service';
import { listMembers } from '@/lib/members/service';
import { searchNfts } from '@/lib/nft-search/service';
import { listNfts } from '@/lib/nfts/service';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import type { Store } from '@/lib/storage/store';

/** A read service not yet on the Store (docs/architecture.md): it runs on a SQLite store only. */
export const onSqlite =
  <A extends unknown[], R>(service: (db: Db, ...args: A) => R) =>
  (store: Store, ...args: A): R =>
    service(sqliteDbOf(store), ...args);

/**
 * The read-only list/search services that may run in a read worker (lib/storage/sqlite/connection/read-pool.ts): the
 * very functions the route handlers called before, each `(store, ...args)`, synchronous or async.
 * A service listed here must not write (the worker's connection is read-only). It sits above the
 * domain services it lists (the SQLite engine's read pool, below them, knows services only by name).
 */
export const readServices = {
  listContracts,
  listNfts,
  listMembers,
  searchNfts,
} satisfies Record<string, (store: Store, ...args: never[]) => unknown>;

export type ReadServices = typeof readServices;
export type ReadName = keyof ReadServices;
/** A service's arguments after the store. */
export type ReadArgs<N extends ReadName> = Parameters<ReadServices[N]> extends [Store, ...infer Rest] ? Rest : never;
export type ReadResult<N extends ReadName> = Awaited<ReturnType<ReadServices[N]>>;
