import type { Tx } from '@/db/client';

/**
 * The one way the chain ledger tells higher layers that a record's chain state changed (imports
 * point down: lib/chain never imports the areas that care). The listener runs INSIDE the
 * transaction that wrote the new state, so whatever it writes (the webhook outbox) commits or
 * rolls back with it. One listener per process, kept on globalThis because Next may load this
 * module in more than one bundle.
 *
 * States: deploy DEPLOYED|FAILED; mint MINTED|FAILED; transfer SUBMITTED (broadcast) |
 * CONFIRMED | REVERTED (mined, reverted) | ERRORED (not sent, refused, or no receipt).
 */
export type ChainStateChange =
  | { kind: 'deploy'; organizationId: string; entityId: string; state: 'DEPLOYED' | 'FAILED' }
  | { kind: 'mint'; organizationId: string; entityId: string; state: 'MINTED' | 'FAILED' }
  | { kind: 'transfer'; organizationId: string; entityId: string; state: 'SUBMITTED' | 'CONFIRMED' | 'REVERTED' | 'ERRORED' };

export type ChainStateListener = (tx: Tx, change: ChainStateChange) => void;

const globalForHook = globalThis as unknown as { __cl2cChainStateListener?: ChainStateListener };

export function onChainStateChange(listener: ChainStateListener) {
  globalForHook.__cl2cChainStateListener = listener;
}

export function reportChainState(tx: Tx, change: ChainStateChange) {
  globalForHook.__cl2cChainStateListener?.(tx, change);
}
