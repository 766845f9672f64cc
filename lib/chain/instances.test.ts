import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainNonces, chainTransactions, tokenTransfers, userOrganizations, users, wallets } from '@/lib/storage/tables';
import type { Actor } from '@/lib/shared/actor';
import { runChainWorkerOnce } from '@/lib/jobs/chain-worker';
import { claimDueChainTxs } from '@/lib/storage/chain-claims';
import { getStore } from '@/lib/storage/current';
import { openPostgres, type PgDb } from '@/lib/storage/postgres/connection';
import { postgresStore } from '@/lib/storage/postgres/store';
import type { Store } from '@/lib/storage/store';
import { sendTokens } from '@/lib/tokens/service';
import { deployContract } from '@/lib/contracts/deploy';
import { createContract } from '@/lib/contracts/service';
import { createTestOrg } from '@/test/helpers';
import { prepareChainTx } from './ledger';
import { LocalChainClient } from './local';
import { nextChainSeqIn } from './sequence';

/**
 * Several instances on one database (issue 29), as two Stores: on PostgreSQL two connection pools on
 * one database (two instances as far as the database can tell); on SQLite the one store of its one
 * process. The drivers run with `queue: false`, so nothing in-process orders the two sides: only
 * the database (the wallet's chain_nonces row, the idempotency index, the ledger's leases) does.
 */
let a: Store;
let b: Store;
let second: PgDb | null = null;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let memberId: string;
let actor: Actor;
const driver = (store: Store) => new LocalChainClient(() => Promise.resolve(store), undefined, { queue: false });

beforeAll(async () => {
  a = await getStore();
  if (a.engine === 'postgres') {
    second = await openPostgres(process.env.DATABASE_URL!, 'DATABASE_URL', { max: 10 });
    b = postgresStore(second);
  } else {
    b = a;
  }
  org = await createTestOrg();
  const [user] = await a.insert(users).values({ email: `i-${crypto.randomUUID().slice(0, 8)}@example.test`, isRegistered: true }).returning();
  const [membership] = await a.insert(userOrganizations).values({ organizationId: org.organization.id, userId: user!.id, status: 'ACTIVE' }).returning();
  await a.insert(wallets).values({ userId: user!.id, address: '0x52908400098527886E0F7030069857D2E4169EE7', isPrimary: true });
  memberId = membership!.id;
  actor = { kind: 'api_key', keyId: 'k', userId: org.admin.id, organizationId: org.organization.id, requestId: 'instances' };
});

afterAll(async () => {
  await second?.$client.end();
});

describe('two instances on one database', () => {
  it('20 parallel sends through both take 20 consecutive nonces, none twice, and the wallet’s nonce row says what comes next', async () => {
    const sends = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const store = i % 2 ? b : a;
        return sendTokens(store, driver(store), actor, { memberId, amount: '1', tokenType: 'mainnet' });
      }),
    );
    expect(sends.every((s) => s.response.status === 'SIGNED')).toBe(true);
    const rows = await a.select({ nonce: chainTransactions.nonce, hash: chainTransactions.transactionHash, from: chainTransactions.fromAddress }).from(chainTransactions).where(eq(chainTransactions.organizationId, org.organization.id));
    const nonces = rows.map((r) => r.nonce!).sort((x, y) => x - y);
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(rows.map((r) => r.hash)).size).toBe(20);
    const [counter] = await a.select().from(chainNonces).where(eq(chainNonces.address, rows[0]!.from!.toLowerCase()));
    expect(counter).toMatchObject({ chain: 'local', next: 20 });
  });

  it('the same Idempotency-Key sent through both at once: one send, both answers the same', async () => {
    const key = `both-${crypto.randomUUID()}`;
    const input = { memberId, amount: '2', tokenType: 'mainnet' as const };
    const [x, y] = await Promise.all([sendTokens(a, driver(a), actor, input, key), sendTokens(b, driver(b), actor, input, key)]);
    expect([x.replayed, y.replayed].sort()).toEqual([false, true]);
    expect(y.response).toEqual(x.response);
    const rows = await a.select().from(tokenTransfers).where(eq(tokenTransfers.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const ledger = await a.select().from(chainTransactions).where(eq(chainTransactions.entityId, rows[0]!.id));
    expect(ledger).toHaveLength(1);
  });

  it('the same contract deployed through both at once: one deployment, the other 409, one ledger row', async () => {
    const contract = await createContract(a, actor, { name: 'Twice', symbol: 'TWC', network: 'POLYGON', env: 'TESTNET' });
    const outcomes = await Promise.allSettled([deployContract(a, driver(a), actor, contract.id), deployContract(b, driver(b), actor, contract.id)]);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await a.select().from(chainTransactions).where(eq(chainTransactions.entityId, contract.id))).toHaveLength(1);
  });

  it('two workers claiming at once take disjoint rows; a row another instance holds is left alone until its lease runs out', async () => {
    const now = new Date();
    const held = await pendingTransfer();
    // Prepared by a request of another instance that still holds it (its lease runs one more minute).
    await a.update(chainTransactions).set({ claimedBy: 'instance-x', leaseUntil: new Date(now.getTime() + 60_000), createdAt: new Date(now.getTime() - 10 * 60_000) }).where(eq(chainTransactions.id, held));
    const free = await Promise.all(Array.from({ length: 6 }, () => pendingTransfer(new Date(now.getTime() - 10 * 60_000))));
    const [first, other] = await Promise.all([claimDueChainTxs(a, 'worker-a', now, 30_000, 100), claimDueChainTxs(b, 'worker-b', now, 30_000, 100)]);
    const ids = [...first, ...other].map((r) => r.id).filter((id) => id === held || free.includes(id));
    expect(ids.sort()).toEqual([...free].sort());
    // A boot pass of a third instance does not fail what live instances are working on…
    await runChainWorkerOnce(b, driver(b), { boot: a.engine === 'postgres', now, workerId: 'worker-c' });
    expect((await row(held)).status).toBe('PREPARED');
    for (const id of free) expect((await row(id)).status).toBe('PREPARED');
    // …the stale free ones (nobody's any more once their claims ran out) are failed: nothing was signed.
    const later = new Date(now.getTime() + 31_000);
    await runChainWorkerOnce(b, driver(b), { now: later, workerId: 'worker-c' });
    for (const id of free) expect((await row(id)).status).toBe('FAILED');
    expect((await row(held)).status).toBe('PREPARED');
    // Once its lease ran out (the instance was killed), another instance's worker settles it.
    await runChainWorkerOnce(b, driver(b), { now: new Date(now.getTime() + 61_000), workerId: 'worker-c' });
    expect(await row(held)).toMatchObject({ status: 'FAILED', error: 'interrupted before the transaction was signed; nothing was sent' });
  });

  it('a request that outlived its lease cannot sign a row another worker failed meanwhile: nothing is recorded as signed', async () => {
    const id = await pendingTransfer(new Date(Date.now() - 10 * 60_000));
    await a.update(chainTransactions).set({ claimedBy: 'instance-x', leaseUntil: new Date(Date.now() - 1) }).where(eq(chainTransactions.id, id));
    await runChainWorkerOnce(b, driver(b), { workerId: 'worker-d' });
    expect((await row(id)).status).toBe('FAILED');
    const { organizationAccountIn } = await import('./index');
    const from = (await organizationAccountIn(a, org.organization.id))!;
    await expect(driver(a).sendTokens({ ledgerId: id, from, to: from.address, amount: '1', tokenType: 'mainnet' })).rejects.toMatchObject({ status: 409 });
    expect(await row(id)).toMatchObject({ status: 'FAILED', transactionHash: null, nonce: null });
  });
});

async function row(id: string) {
  const [r] = await a.select().from(chainTransactions).where(eq(chainTransactions.id, id));
  return r!;
}

/** A PREPARED send as a request leaves it before signing (its own lease released). */
async function pendingTransfer(createdAt?: Date): Promise<string> {
  const ledger = await a.transaction(async (tx) => {
    const [t] = await tx
      .insert(tokenTransfers)
      .values({ seq: await nextChainSeqIn(tx, 'token_transfers'), organizationId: org.organization.id, userOrganizationId: memberId, toAddress: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '1', tokenType: 'mainnet', status: 'PENDING', chain: 'local' })
      .returning();
    return prepareChainTx(tx, { organizationId: org.organization.id, kind: 'transfer', entityId: t!.id, chain: 'local' });
  });
  await a.update(chainTransactions).set({ claimedBy: null, leaseUntil: null, ...(createdAt ? { createdAt } : {}) }).where(eq(chainTransactions.id, ledger.id));
  return ledger.id;
}
