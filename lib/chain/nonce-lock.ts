import { and, eq, sql } from 'drizzle-orm';
import { chainNonces } from '@/lib/storage/tables';
import { runtimeSlot } from '@/lib/runtime';
import type { Store } from '@/lib/storage/store';

/**
 * Nonces, one sequence per (chain, wallet), safe across instances (issue 29):
 * - `lockWalletNonce` opens the transaction that chooses a nonce, signs and records the signed
 *   transaction (lib/chain/local.ts, lib/chain/evm.ts): an upsert of the wallet's `chain_nonces`
 *   row, which PostgreSQL keeps locked until that transaction commits — a second instance's
 *   allocation for the same wallet waits there, then sees the first one's recorded row. On SQLite
 *   writers are serialized anyway. The nonce is chosen from the ledger's rows inside that lock, so
 *   two instances never hand out one nonce, and nothing is handed out that is not recorded (a crash
 *   rolls the choice back with the record: no gap). A recorded row that never reached the node is
 *   broadcast again by the receipt worker. The one hole left — a send refused after it was signed
 *   and recorded, later sends queued above it — is filled by the receipt worker under this same lock
 *   (lib/chain/evm.ts `fillNonceGap`: a zero-value self-transfer recorded as a `filler` row).
 * - `signAndRecord` (lib/chain/sign.ts) signs and records inside that transaction;
 *   `advanceWalletNonce` keeps `next` (one more than the highest nonce handed out) for operators.
 * - `withAddressLock` queues one process's own submissions per address, so they do not wait on
 *   each other's row lock and take consecutive nonces in request order.
 */
export async function lockWalletNonce(tx: Store, chain: string, address: string): Promise<void> {
  await tx
    .insert(chainNonces)
    .values({ chain, address: address.toLowerCase(), next: 0 })
    .onConflictDoUpdate({ target: [chainNonces.chain, chainNonces.address], set: { next: sql`${chainNonces.next}` } });
}

export async function advanceWalletNonce(tx: Store, chain: string, address: string, used: number): Promise<void> {
  await tx
    .update(chainNonces)
    .set({ next: sql`case when ${chainNonces.next} > ${used + 1} then ${chainNonces.next} else ${used + 1} end` })
    .where(and(eq(chainNonces.chain, chain), eq(chainNonces.address, address.toLowerCase())));
}

const tails = runtimeSlot<Map<string, Promise<unknown>>>('nonceLocks').getOrCreate(() => new Map());

/** Driver options: `queue: false` sends each submission straight to the database lock, as a second instance does (tests of several instances in one process). */
export type DriverOptions = { queue?: boolean };

export function inAddressQueue<T>(options: DriverOptions, address: string, work: () => Promise<T>): Promise<T> {
  return options.queue === false ? work() : withAddressLock(address, work);
}

export function withAddressLock<T>(address: string, work: () => Promise<T>): Promise<T> {
  const key = address.toLowerCase();
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
