import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { createTestOrg } from '@/test/helpers';
import { prepareChainTx } from './ledger';
import { transitionChainTx } from './state';

/**
 * A ledger row's outcome is one audit event (Activity, the console's notifications), recorded when
 * its status becomes final — not again for a later note on the same status (a re-check, a reorg
 * probe that found the block still canonical).
 */
describe('the chain outcome audit event', () => {
  it('is recorded once when a deploy is confirmed, not again for notes on the same status; a failure is its own outcome', async () => {
    const org = await createTestOrg();
    const store = await getStore();
    const entityId = crypto.randomUUID();
    const row = await store.transaction((tx) => prepareChainTx(tx, { organizationId: org.organization.id, kind: 'deploy', entityId, chain: 'evm' }));
    await transitionChainTx(store, row.id, 'CONFIRMED', { set: { transactionHash: `0x${'a'.repeat(64)}`, broadcast: true }, detail: 'mined' });
    await transitionChainTx(store, row.id, 'CONFIRMED', { detail: 'block still canonical at depth 12' });
    await transitionChainTx(store, row.id, 'CONFIRMED', { detail: 'block still canonical at depth 64' });
    const outcomes = async () =>
      (
        await store
          .select({ action: auditEvents.action, createdAt: auditEvents.createdAt })
          .from(auditEvents)
          .where(and(eq(auditEvents.organizationId, org.organization.id), eq(auditEvents.entityId, entityId)))
      )
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((e) => e.action);
    expect(await outcomes()).toEqual(['contract.deploy.confirm']);
    // A reorg takes it back, and the re-sent transaction then reverts: that is a new outcome.
    await transitionChainTx(store, row.id, 'SUBMITTED', { detail: 'no longer on the canonical chain' });
    await transitionChainTx(store, row.id, 'REVERTED', { set: { error: 'reverted: OwnableUnauthorizedAccount' } });
    await transitionChainTx(store, row.id, 'REVERTED', { detail: 'noted again' });
    expect((await outcomes()).sort()).toEqual(['contract.deploy.confirm', 'contract.deploy.fail']);
  });

  it('a transition from a status the row no longer has changes nothing (compare-and-set)', async () => {
    const org = await createTestOrg();
    const store = await getStore();
    const row = await store.transaction((tx) => prepareChainTx(tx, { organizationId: org.organization.id, kind: 'deploy', entityId: crypto.randomUUID(), chain: 'evm' }));
    expect(await transitionChainTx(store, row.id, 'FAILED', { from: ['SIGNED'], detail: 'too late' })).toBeNull();
    expect(await transitionChainTx(store, row.id, 'FAILED', { from: ['PREPARED'], detail: 'nothing was sent' })).toMatchObject({ status: 'FAILED' });
    // A second worker that read PREPARED before the first one failed it: nothing happens.
    expect(await transitionChainTx(store, row.id, 'FAILED', { from: ['PREPARED'], detail: 'again' })).toBeNull();
  });
});
