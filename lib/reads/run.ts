import { activePool } from '@/lib/db/read-pool';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { readServices, type ReadArgs, type ReadName, type ReadResult } from './services';

/**
 * Runs a read-only list/search service: in a read worker when the pool runs (lib/db/read-pool.ts,
 * SQLite only), else in-thread on the process's store. Same result, same error classes either way.
 */
export async function runRead<N extends ReadName>(name: N, ...args: ReadArgs<N>): Promise<ReadResult<N>> {
  const pool = activePool();
  if (pool) return (await pool.run(name, args)) as ReadResult<N>;
  const service = readServices[name] as unknown as (store: Store, ...rest: ReadArgs<N>) => ReadResult<N> | Promise<ReadResult<N>>;
  return service(await getStore(), ...args);
}
