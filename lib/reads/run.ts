import { activePool } from '@/lib/storage/sqlite/connection/read-pool';
import { getStore } from '@/lib/storage/current';
import { activeReadGate } from '@/lib/storage/read-gate';
import { withReadSignal } from '@/lib/storage/read-signal';
import type { Store } from '@/lib/storage/store';
import { readServices, type ReadArgs, type ReadName, type ReadResult } from './services';

/**
 * Runs a read-only list/search service: in a read worker when the pool runs
 * (lib/storage/sqlite/connection/read-pool.ts, SQLite only), else in-thread on the process's store —
 * on PostgreSQL once the read gate gives it a slot (lib/storage/read-gate.ts). Same result, same
 * error classes either way. `signal` (the request's: its client went away) stops the read's work
 * where the engine can: a read still queued for a worker or a slot is dropped, a PostgreSQL
 * statement is cancelled (lib/storage/read-signal.ts); the read then rejects with the signal's reason.
 */
export async function runRead<N extends ReadName>(signal: AbortSignal | undefined, name: N, ...args: ReadArgs<N>): Promise<ReadResult<N>> {
  const pool = activePool();
  if (pool) return (await pool.run(name, args, signal)) as ReadResult<N>;
  const service = readServices[name] as unknown as (store: Store, ...rest: ReadArgs<N>) => ReadResult<N> | Promise<ReadResult<N>>;
  const store = await getStore();
  const read = () => withReadSignal(signal, async () => service(store, ...args));
  const gate = activeReadGate();
  return gate ? gate.run(signal, read) : read();
}
