import type { Db } from '@/db/client';
import { listContracts } from '@/lib/contracts/service';
import { listMembers } from '@/lib/members/service';
import { searchNfts } from '@/lib/nft-search/service';
import { listNfts } from '@/lib/nfts/service';

/**
 * The read-only list/search services that may run in a read worker (lib/db/read-pool.ts): the
 * very functions the route handlers called before, each `(db, ...args)` and synchronous. A
 * service listed here must not write (the worker's connection is read-only). It sits above the
 * domain services it lists (lib/db, the storage layer below them, knows services only by name).
 */
export const readServices = {
  listContracts,
  listNfts,
  listMembers,
  searchNfts,
} satisfies Record<string, (db: Db, ...args: never[]) => unknown>;

export type ReadServices = typeof readServices;
export type ReadName = keyof ReadServices;
/** A service's arguments after the connection. */
export type ReadArgs<N extends ReadName> = Parameters<ReadServices[N]> extends [Db, ...infer Rest] ? Rest : never;
export type ReadResult<N extends ReadName> = ReturnType<ReadServices[N]>;
