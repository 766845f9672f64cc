import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema-pg';
import { resetEnvCache } from '@/lib/env';
import { runWebhookWorkerOnce } from '@/lib/jobs/webhook-worker';
import { newWebhookSecret, sealSecret } from '@/lib/webhooks/secrets';
import { withPostgres } from '@/test/postgres/database';
import { startReceiver, type Receiver } from '@/test/webhook-receiver';
import { openPostgres, type PgDb } from './connection';
import { postgresWebhookQueue } from './webhook-queue';

/**
 * Webhook delivery on PostgreSQL with two instances on one database (issue 30, and the claim
 * rule of issue 29): each instance has its own pool and worker id, and they run their passes at
 * the same time. A real receiver on 127.0.0.1 verifies every signature. What must hold: every
 * event reaches the receiver once per logged attempt, no delivery is claimed by both, and a lease
 * left by a killed instance is taken over by the other.
 */
const pg = withPostgres();
let second: PgDb;
let receiver: Receiver;
let secret: string;
let organizationId: string;
let endpointId: string;
const mid = () => 0.5;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
  resetEnvCache();
  second = await openPostgres(pg.url(), 'TEST_DATABASE_URL');
  receiver = await startReceiver();
  secret = newWebhookSecret();
  const [org] = await pg.db().insert(organizations).values({ name: 'Hooks on PostgreSQL', tenant: `pg-hooks-${Date.now()}` }).returning();
  organizationId = org!.id;
  const [endpoint] = await pg
    .db()
    .insert(webhookEndpoints)
    .values({ organizationId, url: receiver.url, eventTypes: [], secret: sealSecret(secret) })
    .returning();
  endpointId = endpoint!.id;
});
afterAll(async () => {
  await second?.$client.end();
  await receiver?.close();
  delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
  resetEnvCache();
});

/** Queues `n` events with one delivery each, as recordEvent does inside a state change. */
async function queueEvents(n: number, now = new Date()): Promise<string[]> {
  const ids = Array.from({ length: n }, () => `msg_${crypto.randomUUID().replaceAll('-', '')}`);
  await pg.db().transaction(async (tx) => {
    await tx.insert(webhookEvents).values(
      ids.map((id, i) => ({
        id,
        organizationId,
        type: 'contract.deployed' as const,
        resourceType: 'contract',
        resourceId: id,
        sequence: 1,
        payload: JSON.stringify({ type: 'contract.deployed', timestamp: now.toISOString(), sequence: 1, data: { id, n: i } }),
      })),
    );
    await tx.insert(webhookDeliveries).values(ids.map((eventId) => ({ organizationId, endpointId, eventId, nextAttemptAt: now })));
  });
  return ids;
}

const deliveryOf = async (eventId: string) => (await pg.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)))[0]!;
const attemptsOf = (deliveryId: string) => pg.db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.number);

describe('two instances on one PostgreSQL database', () => {
  it('deliver 60 events, each once, with one attempt logged per request, while both pass at the same time', async () => {
    const before = receiver.received.length;
    const ids = await queueEvents(60);
    const a = postgresWebhookQueue(pg.db());
    const b = postgresWebhookQueue(second);
    // Both instances keep passing, concurrently, until neither finds work.
    for (;;) {
      const [ra, rb] = await Promise.all([
        runWebhookWorkerOnce(a, { workerId: 'instance-a', random: mid }),
        runWebhookWorkerOnce(b, { workerId: 'instance-b', random: mid }),
      ]);
      if (ra.attempted + rb.attempted === 0) break;
    }
    const got = receiver.received.slice(before);
    expect(got.map((r) => String(r.headers['webhook-id'])).sort()).toEqual([...ids].sort());
    for (const r of got) receiver.verify(r, secret);
    const workers = new Set<string>();
    for (const id of ids) {
      const d = await deliveryOf(id);
      expect(d.status).toBe('SUCCEEDED');
      expect(d.attempts).toBe(1);
      const attempts = await attemptsOf(d.id);
      expect(attempts.map((x) => x.outcome)).toEqual(['SUCCEEDED']);
      workers.add(attempts[0]!.workerId!);
    }
    // Both instances did work (each pass claims at most 10 of the 60).
    expect([...workers].sort()).toEqual(['instance-a', 'instance-b']);
  });

  it('a claim of one instance is invisible to the other until its lease runs out (instance killed), then taken over once', async () => {
    const [id] = await queueEvents(1);
    const a = postgresWebhookQueue(pg.db());
    const b = postgresWebhookQueue(second);
    const now = new Date();
    // Instance A claims and is killed before sending: no request, an IN_FLIGHT attempt, a lease.
    const claimed = await a.claimDue('killed-a', now, 60_000, 10);
    expect(claimed.map((c) => c.eventId)).toEqual([id]);
    const before = receiver.received.length;
    expect((await runWebhookWorkerOnce(b, { workerId: 'instance-b', now: new Date(now.getTime() + 30_000), random: mid })).attempted).toBe(0);
    const after = await runWebhookWorkerOnce(b, { workerId: 'instance-b', now: new Date(now.getTime() + 61_000), random: mid });
    expect(after).toEqual({ attempted: 1, delivered: 1 });
    expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([id]);
    const d = await deliveryOf(id!);
    expect((await attemptsOf(d.id)).map((x) => [x.number, x.outcome, x.workerId])).toEqual([
      [1, 'INTERRUPTED', 'killed-a'],
      [2, 'SUCCEEDED', 'instance-b'],
    ]);
    // The killed instance's late answer (had it sent) can no longer change the delivery.
    await a.finishAttempt('killed-a', claimed[0]!, { statusCode: 500, latencyMs: 1, responseExcerpt: null, retryAfterSeconds: null, error: null }, { status: 'FAILED' }, new Date());
    expect((await deliveryOf(id!)).status).toBe('SUCCEEDED');
  });

  it('on shutdown an instance gives its leases back: the other delivers at once', async () => {
    const [id] = await queueEvents(1);
    const a = postgresWebhookQueue(pg.db());
    const now = new Date();
    await a.claimDue('stopping-a', now, 60_000, 10);
    expect(await a.release('stopping-a', now)).toBe(1);
    const report = await runWebhookWorkerOnce(postgresWebhookQueue(second), { workerId: 'instance-b', now, random: mid });
    expect(report).toEqual({ attempted: 1, delivered: 1 });
    const d = await deliveryOf(id!);
    expect((await attemptsOf(d.id)).map((x) => x.outcome)).toEqual(['INTERRUPTED', 'SUCCEEDED']);
  });

  it('500 then 200: retried on the schedule; 410 disables the endpoint', async () => {
    const [id] = await queueEvents(1);
    const q = postgresWebhookQueue(pg.db());
    const now = new Date();
    receiver.answer({ status: 500 });
    expect(await runWebhookWorkerOnce(q, { workerId: 'a', now, random: mid })).toEqual({ attempted: 1, delivered: 0 });
    const pending = await deliveryOf(id!);
    expect(pending.status).toBe('PENDING');
    expect(pending.nextAttemptAt.getTime() - now.getTime()).toBe(5_000);
    expect((await runWebhookWorkerOnce(q, { workerId: 'a', now: new Date(now.getTime() + 4_000), random: mid })).attempted).toBe(0);
    expect(await runWebhookWorkerOnce(q, { workerId: 'a', now: new Date(now.getTime() + 5_000), random: mid })).toEqual({ attempted: 1, delivered: 1 });

    const [gone] = await queueEvents(1);
    receiver.answer({ status: 410 });
    await runWebhookWorkerOnce(q, { workerId: 'a', random: mid });
    expect((await deliveryOf(gone!)).status).toBe('FAILED');
    const [endpoint] = await pg.db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint!.status).toBe('DISABLED');
    expect(endpoint!.disabledReason).toMatch(/410 Gone/);
    // A disabled endpoint's deliveries are not claimed.
    await queueEvents(1);
    expect((await runWebhookWorkerOnce(q, { workerId: 'a', random: mid })).attempted).toBe(0);
    await pg.db().update(webhookEndpoints).set({ status: 'ENABLED', disabledReason: null }).where(eq(webhookEndpoints.id, endpointId));
    await pg.db().execute(sql`update webhook_deliveries set status = 'SUCCEEDED' where status = 'PENDING'`);
  });
});
