import { eq } from 'drizzle-orm';
import type { ChainIdentity } from '@/db/schema';
import { chainIdentities as engineChainIdentities } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';
import { ChainError, chainHalted } from './errors';
import type { ChainClient } from './types';

/**
 * Which chain the service sends to: chain id + genesis block hash, recorded the first time a driver
 * talks to its node and checked again at start and every CHAIN_IDENTITY_CHECK_SECONDS. A node
 * restarted empty (a dev node) or an RPC_URL now pointing elsewhere answers with another genesis
 * block: sending stops (503, /api/ready says why) until `cli chain reconcile` marks what was on the
 * old chain ORPHANED and records the new identity — nonces are never silently reused.
 * The embedded `local` driver has a fixed identity and is never checked.
 */

export async function recordedIdentity(store: Store, driver: string): Promise<ChainIdentity | undefined> {
  const [row] = await store.select().from(engineChainIdentities).where(eq(engineChainIdentities.driver, driver)).limit(1);
  return row;
}

/** Why sending is stopped on this driver, or null. A primary-key read: cheap on every send. */
export async function chainHaltReasonIn(store: Store, driver: string): Promise<string | null> {
  const [row] = await store.select({ mismatch: engineChainIdentities.mismatch }).from(engineChainIdentities).where(eq(engineChainIdentities.driver, driver)).limit(1);
  return row?.mismatch ?? null;
}

export type IdentityCheck = { status: 'recorded' | 'same' | 'mismatch'; identity: ChainIdentity };

/** Asks the node which chain it serves and compares it with the record (first time: records it). */
export async function checkChainIdentity(store: Store, chain: ChainClient, now = new Date()): Promise<IdentityCheck> {
  const seen = await chain.identity();
  const known = await recordedIdentity(store, chain.name);
  if (!known) {
    const [identity] = await store
      .insert(engineChainIdentities)
      .values({ driver: chain.name, chainId: seen.chainId, genesisHash: seen.genesisHash, checkedAt: now })
      .onConflictDoNothing()
      .returning();
    return { status: 'recorded', identity: identity ?? (await recordedIdentity(store, chain.name))! };
  }
  const same = known.chainId === seen.chainId && known.genesisHash.toLowerCase() === seen.genesisHash.toLowerCase();
  const mismatch = same
    ? null
    : `the node now serves chain ${seen.chainId} with genesis block ${seen.genesisHash}, but this service's records are on chain ${known.chainId} with genesis block ${known.genesisHash} (a reset or a different network); sending is stopped — run \`npm run cli -- chain reconcile\``;
  // Once stopped, it stays stopped until reconciled, even if the old node comes back.
  const [identity] = await store
    .update(engineChainIdentities)
    .set({ checkedAt: now, ...(mismatch && !known.mismatch ? { mismatch } : {}) })
    .where(eq(engineChainIdentities.driver, chain.name))
    .returning();
  return { status: same && !known.mismatch ? 'same' : 'mismatch', identity: identity! };
}

/**
 * Before anything is prepared: the node serves the chain on record (recorded now if never seen).
 * Asked on every send (two light RPC calls), so a reset is caught before a nonce is chosen. A node
 * that does not answer is left to the driver, which records the send FAILED with that reason.
 */
export async function assertChainUsable(store: Store, chain: ChainClient): Promise<void> {
  if (chain.name === 'local') return;
  const known = await recordedIdentity(store, chain.name);
  if (known?.mismatch) throw chainHalted(known.mismatch);
  let check: IdentityCheck;
  try {
    check = await checkChainIdentity(store, chain);
  } catch (error) {
    if (error instanceof ChainError && error.kind === 'unavailable') return;
    throw error;
  }
  if (check.status === 'mismatch') throw chainHalted(check.identity.mismatch ?? 'chain identity mismatch');
}
