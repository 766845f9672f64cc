import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, webhookDeliveries, webhookEndpoints } from '@/lib/storage/tables';
import { resetEnvCache } from '@/lib/env';
import { runWebhookWorkerOnce } from '@/lib/jobs/webhook-worker';
import { getStore } from '@/lib/storage/current';
import { webhookQueueFor } from '@/lib/storage/webhook-queue';
import { call, createTestOrg } from '@/test/helpers';
import { startReceiver, type Receiver } from '@/test/webhook-receiver';
import { GET as listDeliveries } from '@/app/api/v1/cl2c/webhook/[id]/deliveries/route';
import { POST as replay } from '@/app/api/v1/cl2c/webhook/[id]/replay/route';
import { POST as rotate } from '@/app/api/v1/cl2c/webhook/[id]/rotate/route';
import { DELETE as deleteHook, GET as getHook, PATCH as patchHook } from '@/app/api/v1/cl2c/webhook/[id]/route';
import { POST as testEvent } from '@/app/api/v1/cl2c/webhook/[id]/test/route';
import { GET as listHooks, POST as createHook } from '@/app/api/v1/cl2c/webhook/route';

/*
 * Webhook endpoints on the engine of this run (both Vitest projects run this file): Family A
 * route handlers, the delivery worker on the engine's queue, and a receiver on 127.0.0.1 that
 * checks every signature with the standardwebhooks library. The state-change events and the
 * retry schedule are covered on SQLite by app/api/v1/cl2c/webhook/route.test.ts.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
const receivers: Receiver[] = [];
const h = (org: Org) => ({ 'x-api-key': org.apiKey });
const pass = async () => runWebhookWorkerOnce(webhookQueueFor(await getStore()), { random: () => 0.5 });

async function setup() {
  const org = await createTestOrg();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await call(createHook, { method: 'POST', headers: h(org), body: { url: receiver.url, description: 'Orders' } });
  expect(res.status, res.text).toBe(201);
  return { org, receiver, id: res.json.endpoint.id as string, secret: res.json.secret as string };
}

beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
  resetEnvCache();
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
  resetEnvCache();
});

describe('endpoints', () => {
  it('create (secret once, stored sealed), list, update, disable, delete, each audited; other organizations get 404', async () => {
    const { org, id, secret, receiver } = await setup();
    const store = await getStore();
    const [row] = await store.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.secret).not.toContain(secret.slice(6));
    const list = await call(listHooks, { headers: h(org) });
    expect(list.json.data).toEqual([expect.objectContaining({ id, url: receiver.url, status: 'ENABLED', secretPrefix: secret.slice(0, 12) })]);
    expect(list.text).not.toContain(secret);

    const patched = await call(patchHook, { method: 'PATCH', headers: h(org), params: { id }, body: { status: 'DISABLED', eventTypes: ['nft.minted'] } });
    expect(patched.json).toMatchObject({ status: 'DISABLED', disabledReason: 'disabled by an administrator', eventTypes: ['nft.minted'] });
    // A disabled endpoint gets no test event (409) and nothing is recorded for it.
    expect((await call(testEvent, { method: 'POST', headers: h(org), params: { id } })).status).toBe(409);
    expect(await store.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).toHaveLength(0);

    const other = await createTestOrg();
    expect((await call(getHook, { headers: h(other), params: { id } })).status).toBe(404);
    expect((await call(patchHook, { method: 'PATCH', headers: h(other), params: { id }, body: { status: 'ENABLED' } })).status).toBe(404);
    expect((await call(deleteHook, { method: 'DELETE', headers: h(other), params: { id } })).status).toBe(404);
    expect((await call(getHook, { headers: h(org), params: { id } })).json.status).toBe('DISABLED');

    expect((await call(deleteHook, { method: 'DELETE', headers: h(org), params: { id } })).status).toBe(200);
    expect((await call(getHook, { headers: h(org), params: { id } })).status).toBe(404);
    const actions = (await store.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, id))).map((e) => e.action);
    expect(actions.sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.update']);
  });
});

describe('delivery', () => {
  it('a test event arrives signed, is logged with its attempt, and a replay sends it again with the same webhook-id', async () => {
    const { org, id, secret, receiver } = await setup();
    const sent = await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    expect(sent.status, sent.text).toBe(200);
    expect(await pass()).toMatchObject({ attempted: 1, delivered: 1 });
    const first = receiver.received[0]!;
    expect(receiver.verify(first, secret)).toBeTruthy();
    expect(first.json).toMatchObject({ type: 'webhook.test', sequence: 1, data: { id, url: receiver.url } });
    expect(first.headers['webhook-id']).toBe(sent.json.eventId);

    const log = await call(listDeliveries, { headers: h(org), params: { id } });
    expect(log.json.pagination.total).toBe(1);
    expect(log.json.data[0]).toMatchObject({ eventId: sent.json.eventId, status: 'SUCCEEDED', attempts: 1, replay: false });
    expect(log.json.data[0].attemptLog).toEqual([expect.objectContaining({ number: 1, outcome: 'SUCCEEDED', statusCode: 200 })]);

    const again = await call(replay, { method: 'POST', headers: h(org), params: { id }, body: { eventId: sent.json.eventId } });
    expect(again.json).toEqual({ replayed: 1, eventIds: [sent.json.eventId] });
    await pass();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(sent.json.eventId);
    expect(receiver.received[1]!.body).toBe(first.body);
    expect((await call(listDeliveries, { headers: h(org), params: { id }, query: { status: 'SUCCEEDED' } })).json.pagination.total).toBe(2);
    // Another organization's message cannot be replayed here.
    const other = await setup();
    const theirs = await call(testEvent, { method: 'POST', headers: h(other.org), params: { id: other.id } });
    expect((await call(replay, { method: 'POST', headers: h(org), params: { id }, body: { eventId: theirs.json.eventId } })).status).toBe(404);
  });

  it('after a rotation both secrets sign for 24 h', async () => {
    const { org, id, secret: oldSecret, receiver } = await setup();
    const rotated = await call(rotate, { method: 'POST', headers: h(org), params: { id } });
    const newSecret = rotated.json.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    await pass();
    const during = receiver.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(receiver.verify(during, oldSecret)).toBeTruthy();
    expect(receiver.verify(during, newSecret)).toBeTruthy();
  });
});
