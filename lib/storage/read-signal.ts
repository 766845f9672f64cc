import { AsyncLocalStorage } from 'node:async_hooks';
import { runtimeSlot } from '@/lib/runtime';

/**
 * The abort signal of a read-only request (its client went away), carried through the service to
 * the engine, which stops the read's work: PostgreSQL cancels the statement running for it
 * (postgres/cancel.ts); SQLite's read pool drops the read while it still waits for a worker
 * (lib/storage/sqlite/connection/read-pool.ts). Only reads run in this scope (lib/reads/run.ts): a write is never
 * interrupted half-way because its caller left.
 *
 * One AsyncLocalStorage per process (a runtime slot): the pool that reads it is made in one bundle
 * and used by every route bundle.
 */
const slot = runtimeSlot<AsyncLocalStorage<AbortSignal>>('readSignal');
const storage = () => slot.getOrCreate(() => new AsyncLocalStorage<AbortSignal>());

/**
 * Runs `read` with `signal` as its abort signal (none: as is). `read`'s result is awaited inside
 * the scope: a lazy query (Drizzle's runs when awaited) runs there too.
 */
export async function withReadSignal<T>(signal: AbortSignal | undefined, read: () => PromiseLike<T>): Promise<T> {
  return signal ? storage().run(signal, async () => await read()) : await read();
}

/** The abort signal of the read running in this async context, if any. */
export function currentReadSignal(): AbortSignal | undefined {
  return storage().getStore();
}

/** What an aborted read rejects with: the signal's reason (an AbortError by default). */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The read was aborted.', 'AbortError');
}
