import { getDb } from '@/db/client';
import { activePool } from '@/lib/db/read-pool';
import { readServices, type ReadArgs, type ReadName, type ReadResult } from './services';

/**
 * Runs a read-only list/search service: in a read worker when the pool runs (lib/db/read-pool.ts),
 * else in-thread on the process's connection. Same result, same error classes either way.
 */
export async function runRead<N extends ReadName>(name: N, ...args: ReadArgs<N>): Promise<ReadResult<N>> {
  const pool = activePool();
  if (pool) return (await pool.run(name, args)) as ReadResult<N>;
  const service = readServices[name] as unknown as (db: ReturnType<typeof getDb>, ...rest: ReadArgs<N>) => ReadResult<N>;
  return service(getDb(), ...args);
}
