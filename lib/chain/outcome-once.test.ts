import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditEvents } from '@/db/schema';
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
    const db = getDb();
    const entityId = crypto.randomUUID();
    const row = db.transaction((tx) => prepareChainTx(tx, { organizationId: org.organization.id, kind: 'deploy', entityId, chain: 'evm' }));
    transitionChainTx(db, row.id, 'CONFIRMED', { set: { transactionHash: `0x${'a'.repeat(64)}`, broadcast: true }, detail: 'mined' });
    transitionChainTx(db, row.id, 'CONFIRMED', { detail: 'block still canonical at depth 12' });
    transitionChainTx(db, row.id, 'CONFIRMED', { detail: 'block still canonical at depth 64' });
    const outcomes = () =>
      db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, org.organization.id), eq(auditEvents.entityId, entityId)))
        .all()
        .map((e) => e.action);
    expect(outcomes()).toEqual(['contract.deploy.confirm']);
    // A reorg takes it back, and the re-sent transaction then reverts: that is a new outcome.
    transitionChainTx(db, row.id, 'SUBMITTED', { detail: 'no longer on the canonical chain' });
    transitionChainTx(db, row.id, 'REVERTED', { set: { error: 'reverted: OwnableUnauthorizedAccount' } });
    transitionChainTx(db, row.id, 'REVERTED', { detail: 'noted again' });
    expect(outcomes()).toEqual(['contract.deploy.confirm', 'contract.deploy.fail']);
  });
});
