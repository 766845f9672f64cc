import { hostname } from 'node:os';
import { runtimeSlot } from '@/lib/runtime';

/**
 * This process's name on ledger leases (`chain_transactions.claimed_by`): a request that prepared a
 * row holds it under this name while it signs and sends (lib/chain/operation.ts), the receipt
 * worker claims rows under it (lib/jobs/chain-worker.ts). Another instance leaves such a row alone
 * until the lease runs out.
 */
export const chainInstanceId = runtimeSlot<string>('chainInstanceId').getOrCreate(() => `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`);

/** How long a request holds the row it prepared: longer than any chain call it makes (RPC timeouts are 15 s). */
export const REQUEST_LEASE_MS = 60_000;
