import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Hex } from 'viem';
import { chainIdentities, chainTransactions } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';
import { log } from '@/lib/logger';
import { recordedIdentity } from './identity';
import { attemptsOfIn } from './ledger';
import { applyReceipt } from './settle';
import { transitionChainTx } from './state';
import type { ChainClient } from './types';

export type ReconcileReport = {
  driver: string;
  previous: { chainId: number; genesisHash: string } | null;
  current: { chainId: number; genesisHash: string };
  orphaned: number;
  found: number;
  nonces: { address: string; chainNonce: number; highestLedgerNonce: number | null }[];
};

/**
 * `cli chain reconcile`: after the node changed chains (a dev node restarted empty, RPC_URL moved),
 * every transaction of the old chain is looked up on the new one: found → its receipt is applied
 * (and it now belongs to the new chain); not found → ORPHANED (its record FAILED with the reason:
 * a contract without code is not DEPLOYED, a vanished mint is not MINTED, a send is not paid there).
 * Then the new identity is recorded and sending resumes. Nonces come from the new chain (the
 * ledger's old nonces no longer count), reported per wallet. Idempotent.
 */
export async function reconcileChain(store: Store, chain: ChainClient): Promise<ReconcileReport> {
  const seen = await chain.identity();
  const known = await recordedIdentity(store, chain.name);
  const stale = (
    await store
      .select()
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, chain.name),
        isNotNull(chainTransactions.transactionHash),
        inArray(chainTransactions.status, ['SIGNED', 'SUBMITTED', 'MINED', 'CONFIRMED', 'REVERTED', 'CANCELLED']),
      ),
    )
      .orderBy(asc(chainTransactions.seq))
  ).filter((row) => (row.genesisHash ?? '').toLowerCase() !== seen.genesisHash.toLowerCase());
  let orphaned = 0;
  let found = 0;
  for (const row of stale) {
    const hashes = (await attemptsOfIn(store, row.id)).map((a) => a.transactionHash as Hex);
    if (!hashes.length) hashes.push(row.transactionHash as Hex);
    let receipt = null;
    for (const hash of hashes) {
      receipt = await chain.getReceipt(hash);
      if (receipt) break;
    }
    if (receipt) {
      await store.update(chainTransactions).set({ genesisHash: seen.genesisHash }).where(eq(chainTransactions.id, row.id));
      await applyReceipt(store, { ...row, genesisHash: seen.genesisHash }, receipt);
      found += 1;
      continue;
    }
    const reason = `orphaned: sent on chain ${row.chainId ?? '?'} with genesis block ${row.genesisHash ?? 'unknown'}, which the node no longer serves; the transaction is not on the current chain`;
    await transitionChainTx(store, row.id, 'ORPHANED', { set: { error: reason, nextCheckAt: null, finalAt: new Date() }, detail: reason });
    orphaned += 1;
  }
  await store
    .insert(chainIdentities)
    .values({ driver: chain.name, chainId: seen.chainId, genesisHash: seen.genesisHash, checkedAt: new Date(), mismatch: null })
    .onConflictDoUpdate({ target: chainIdentities.driver, set: { chainId: seen.chainId, genesisHash: seen.genesisHash, checkedAt: new Date(), mismatch: null } });
  const senders = await store
    .select({ a: chainTransactions.fromAddress })
    .from(chainTransactions)
    .where(and(eq(chainTransactions.chain, chain.name), isNotNull(chainTransactions.fromAddress)))
    .orderBy(asc(chainTransactions.seq));
  const addresses = [...new Set(senders.map((r) => r.a!))];
  const nonces = [];
  for (const address of addresses) {
    const highest = (
      await store
        .select({ n: chainTransactions.nonce })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.chain, chain.name), eq(chainTransactions.fromAddress, address), eq(chainTransactions.genesisHash, seen.genesisHash), isNotNull(chainTransactions.nonce)))
    ).reduce<number | null>((max, r) => (max == null || r.n! > max ? r.n! : max), null);
    nonces.push({ address, chainNonce: await chain.confirmedNonce(address as `0x${string}`), highestLedgerNonce: highest });
  }
  const report: ReconcileReport = {
    driver: chain.name,
    previous: known ? { chainId: known.chainId, genesisHash: known.genesisHash } : null,
    current: seen,
    orphaned,
    found,
    nonces,
  };
  log('warn', 'chain reconciled', { ...report, nonces: nonces.length });
  return report;
}
