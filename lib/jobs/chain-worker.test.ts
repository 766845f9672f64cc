import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { keccak256, toHex } from 'viem';
import { chainTransactions } from '@/lib/storage/tables';
import { EvmChainClient } from '@/lib/chain/evm';
import { nextChainSeqIn } from '@/lib/chain/sequence';
import { getStore } from '@/lib/storage/current';
import { inFlight } from '@/lib/chain/settle';
import { createTestOrg } from '@/test/helpers';
import { BACKOFF_MAX_MS, backoff, runChainWorkerOnce } from './chain-worker';

/** Bounded retries with backoff while the node cannot answer (a closed port on 127.0.0.1). */
let organizationId: string;
const unreachable = () => new EvmChainClient(getStore, 'http://127.0.0.1:9');

async function submittedRow(attempts = 0) {
  const store = await getStore();
  const [row] = await store
    .insert(chainTransactions)
    .values({
      seq: await nextChainSeqIn(store, 'chain_transactions'),
      organizationId,
      kind: 'transfer',
      entityId: crypto.randomUUID(),
      chain: 'evm',
      status: 'SUBMITTED',
      transactionHash: keccak256(toHex(crypto.randomUUID())),
      attempts,
    })
    .returning();
  return row!;
}
const reload = async (id: string) => (await (await getStore()).select().from(chainTransactions).where(eq(chainTransactions.id, id)))[0]!;

beforeAll(async () => {
  organizationId = (await createTestOrg()).organization.id;
});

describe('receipt worker retries', () => {
  it('backs off exponentially, capped', () => {
    expect([1, 2, 3, 4].map(backoff)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoff(30)).toBe(BACKOFF_MAX_MS);
  });

  it('a node that cannot answer: the row is checked again later, not before; rows in flight are left alone', async () => {
    const row = await submittedRow();
    const busy = await submittedRow();
    inFlight.add(busy.id);
    const now = new Date();
    await runChainWorkerOnce(await getStore(), unreachable(), { now });
    const after = await reload(row.id);
    expect(after).toMatchObject({ status: 'SUBMITTED', attempts: 1 });
    expect(after.nextCheckAt!.getTime()).toBe(now.getTime() + 1000);
    expect(after.error).toMatch(/HTTP request failed|fetch failed/);
    expect((await reload(busy.id)).attempts).toBe(0);
    inFlight.delete(busy.id);
    await runChainWorkerOnce(await getStore(), unreachable(), { now });
    expect((await reload(row.id)).attempts).toBe(1); // not due yet
  });

  it('never gives a sent transaction up while the node cannot answer: after 50 checks it is still pending, with the last reason', async () => {
    const row = await submittedRow(49);
    await runChainWorkerOnce(await getStore(), unreachable(), { now: new Date(Date.now() + 60 * 60_000) });
    expect(await reload(row.id)).toMatchObject({ status: 'SUBMITTED', attempts: 50, error: expect.stringMatching(/HTTP request failed|fetch failed/) });
  });
});
