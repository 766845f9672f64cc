import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/storage/tables';
import { resetEnvCache } from '@/lib/env';
import { runWebhookWorkerOnce } from '@/lib/jobs/webhook-worker';
import { webhookQueueFor } from '@/lib/storage/webhook-queue';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { installWebhooks } from '@/lib/wiring/webhooks';
import { createWebhook } from '@/lib/webhooks/service';
import { getStore } from '@/lib/storage/current';
import { call, createTestOrg } from '@/test/helpers';
import { startReceiver, type Receiver } from '@/test/webhook-receiver';
import { POST as createContract, PUT as updateContract } from '@/app/api/v1/cl2c/contract/route';
import { DELETE as removeMember, GET as getMember } from '@/app/api/v1/cl2c/user/[id]/route';
import { POST as bulkInvite } from '@/app/api/v1/cl2c/user/bulk/route';
import { GET as listDeliveries } from './[id]/deliveries/route';
import { POST as replay } from './[id]/replay/route';
import { POST as rotate } from './[id]/rotate/route';
import { DELETE as deleteHook, GET as getHook, PATCH as patchHook } from './[id]/route';
import { POST as testEvent } from './[id]/test/route';
import { GET as listHooks, POST as createHook } from './route';

/**
 * Webhooks end to end on real parts: route handlers on a migrated SQLite file, the delivery
 * worker, and a receiver on 127.0.0.1 that checks every signature with the standardwebhooks
 * library. The worker runs on a moved clock (`now`) so retries need no waiting; jitter is pinned
 * to the middle (random 0.5 = exactly the schedule).
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
const receivers: Receiver[] = [];
const mid = () => 0.5;
const pass = async (now = new Date()) => runWebhookWorkerOnce(webhookQueueFor(await getStore()), { now, random: mid });
const h = (org: Org) => ({ 'x-api-key': org.apiKey });

async function setup(body: Record<string, unknown> = {}) {
  const org = await createTestOrg();
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await call(createHook, { method: 'POST', headers: h(org), body: { url: receiver.url, ...body } });
  expect(res.status, res.text).toBe(201);
  return { org, receiver, id: res.json.endpoint.id as string, secret: res.json.secret as string };
}

const deliveriesOf = async (endpointId: string) => (await getStore()).select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const attemptsOf = async (deliveryId: string) =>
  (await getStore()).select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.number);

beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
  resetEnvCache();
  installWebhooks();
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  for (const r of receivers) await r.close();
  delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
  resetEnvCache();
});

describe('endpoints through Family A', () => {
  it('creates (secret shown once), lists, reads, updates, disables and deletes; other organizations get 404', async () => {
    const { org, id, secret, receiver } = await setup({ description: 'Orders', eventTypes: ['nft.minted', 'transfer.confirmed'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call(listHooks, { headers: h(org) });
    expect(list.json.data).toEqual([
      expect.objectContaining({ id, url: receiver.url, description: 'Orders', eventTypes: ['nft.minted', 'transfer.confirmed'], status: 'ENABLED', secretPrefix: secret.slice(0, 12) }),
    ]);
    expect(list.text).not.toContain(secret);
    expect((await (await getStore()).select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!.secret).not.toContain(secret.slice(6));

    const disabled = await call(patchHook, { method: 'PATCH', headers: h(org), params: { id }, body: { status: 'DISABLED', eventTypes: [] } });
    expect(disabled.json).toMatchObject({ status: 'DISABLED', disabledReason: 'disabled by an administrator', eventTypes: [] });
    const enabled = await call(patchHook, { method: 'PATCH', headers: h(org), params: { id }, body: { status: 'ENABLED' } });
    expect(enabled.json).toMatchObject({ status: 'ENABLED', disabledReason: null });

    const other = await createTestOrg();
    expect((await call(getHook, { headers: h(other), params: { id } })).status).toBe(404);
    expect((await call(patchHook, { method: 'PATCH', headers: h(other), params: { id }, body: { status: 'DISABLED' } })).status).toBe(404);
    expect((await call(deleteHook, { method: 'DELETE', headers: h(other), params: { id } })).status).toBe(404);
    expect((await call(listDeliveries, { headers: h(other), params: { id } })).status).toBe(404);
    expect((await call(getHook, { headers: h(org), params: { id } })).json.status).toBe('ENABLED');

    const bad = await call(createHook, { method: 'POST', headers: h(org), body: { url: receiver.url, eventTypes: ['nft.burned'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.details.join(' ')).toMatch(/^eventTypes\[0\]: Invalid option/);

    expect((await call(deleteHook, { method: 'DELETE', headers: h(org), params: { id } })).status).toBe(200);
    expect((await call(getHook, { headers: h(org), params: { id } })).status).toBe(404);
  });

  it('refuses http to a public host, private and metadata addresses, and names that resolve to them; nothing is stored', async () => {
    const org = await createTestOrg();
    const before = (await (await getStore()).select().from(webhookEndpoints)).length;
    for (const [url, reason] of [
      ['http://example.com/hook', /must use https/],
      ['ftp://example.com/hook', /must use https/],
      ['https://10.1.2.3/hook', /private-network address/],
      ['https://169.254.169.254/latest/meta-data', /metadata address/],
      ['https://[::ffff:169.254.169.254]/x', /metadata address/],
      ['https://192.168.0.10/hook', /private-network address/],
      ['http://10.0.0.1/hook', /must use https/],
    ] as const) {
      const res = await call(createHook, { method: 'POST', headers: h(org), body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.json.details[0], url).toMatch(/^url: /);
      expect(res.json.details[0], url).toMatch(reason);
    }
    const actor = { kind: 'api_key' as const, keyId: 'k', userId: org.admin.id, organizationId: org.organization.id, requestId: 'r' };
    await expect(
      createWebhook(await getStore(), actor, { url: 'https://hooks.example.com/x', description: '', eventTypes: [] }, () => Promise.resolve([{ address: '10.9.8.7', family: 4 }])),
    ).rejects.toMatchObject({ details: ['url: hooks.example.com resolves to 10.9.8.7, which is a private-network address; webhooks are sent to public addresses only'] });
    expect((await (await getStore()).select().from(webhookEndpoints)).length).toBe(before);

    // http to loopback only under the test setting.
    process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '0';
    resetEnvCache();
    try {
      const res = await call(createHook, { method: 'POST', headers: h(org), body: { url: 'http://127.0.0.1:3801/hook' } });
      expect(res.status).toBe(400);
      expect(res.json.details[0]).toMatch(/WEBHOOKS_ALLOW_HTTP_LOOPBACK=1/);
    } finally {
      process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
      resetEnvCache();
    }
  });

  it('checks the address again at delivery: a name that now resolves to a metadata address is a failed attempt, nothing sent', async () => {
    const { org, id, receiver } = await setup();
    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    // The stored URL points at the receiver by IP; simulate DNS turning hostile for a named host.
    await (await getStore()).update(webhookEndpoints).set({ url: 'https://hooks.example.com/x' }).where(eq(webhookEndpoints.id, id));
    await runWebhookWorkerOnce(webhookQueueFor(await getStore()), { random: mid, lookup: () => Promise.resolve([{ address: '169.254.169.254', family: 4 }]) });
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await attemptsOf(delivery!.id))[0]).toMatchObject({ outcome: 'FAILED', statusCode: null, error: expect.stringMatching(/refused: .*169\.254\.169\.254.*metadata address/) });
    expect(receiver.received).toHaveLength(0);
    // Its retries would land in the other tests' passes (the worker serves every organization).
    expect((await call(deleteHook, { method: 'DELETE', headers: h(org), params: { id } })).status).toBe(200);
    expect(await deliveriesOf(id)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('a test event arrives signed (verified by the standardwebhooks library) with the Standard Webhooks headers', async () => {
    const { org, id, secret, receiver } = await setup();
    const res = await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    expect(res.status, res.text).toBe(200);
    expect(await pass()).toEqual({ attempted: 1, delivered: 1 });
    const [r] = receiver.received;
    expect(r!.headers['webhook-id']).toBe(res.json.eventId);
    expect(r!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(r!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(r!.headers['content-type']).toBe('application/json');
    expect(receiver.verify(r!, secret)).toMatchObject({ type: 'webhook.test', sequence: 1, data: { id, url: receiver.url } });
    // A forged body fails verification.
    expect(() => receiver.verify({ ...r!, body: r!.body.replace('webhook.test', 'nft.minted') }, secret)).toThrow();
    const log = await call(listDeliveries, { headers: h(org), params: { id } });
    expect(log.json.data[0]).toMatchObject({ eventId: res.json.eventId, eventType: 'webhook.test', status: 'SUCCEEDED', attempts: 1 });
    expect(log.json.data[0].attemptLog).toEqual([
      expect.objectContaining({ number: 1, outcome: 'SUCCEEDED', statusCode: 200, responseExcerpt: 'ok', latencyMs: expect.any(Number) }),
    ]);
  });

  it('500 then 200: retried after 5 s on the schedule, delivered, both attempts logged with the same webhook-id', async () => {
    const { org, id, secret, receiver } = await setup();
    receiver.answer({ status: 500, body: 'boom' });
    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    const t0 = new Date();
    await pass(t0);
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500 });
    expect(d!.nextAttemptAt.getTime() - t0.getTime()).toBe(5_000);
    expect(await pass(new Date(t0.getTime() + 4_000))).toEqual({ attempted: 0, delivered: 0 });
    expect(await pass(new Date(t0.getTime() + 5_000))).toEqual({ attempted: 1, delivered: 1 });
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 2, lastStatusCode: 200 });
    expect((await attemptsOf(d!.id)).map((a) => [a.number, a.outcome, a.statusCode, a.responseExcerpt])).toEqual([
      [1, 'FAILED', 500, 'boom'],
      [2, 'SUCCEEDED', 200, 'ok'],
    ]);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([d!.eventId, d!.eventId]);
    for (const r of receiver.received) receiver.verify(r, secret);
  });

  it('follows the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with ±10 % jitter, then gives up FAILED', async () => {
    const { retryDelay, RETRY_SCHEDULE_MS, MAX_ATTEMPTS } = await import('@/lib/webhooks/queue');
    expect(RETRY_SCHEDULE_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(retryDelay(1, null, () => 0)).toBe(4_500);
    expect(retryDelay(1, null, () => 1)).toBe(5_500);
    expect(retryDelay(MAX_ATTEMPTS, null, mid)).toBeNull();
    const { org, id, receiver } = await setup();
    receiver.answer(...Array.from({ length: MAX_ATTEMPTS }, () => ({ status: 503 })));
    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    let now = new Date();
    await pass(now);
    for (const step of RETRY_SCHEDULE_MS) {
      now = new Date(now.getTime() + step);
      expect((await pass(now)).attempted).toBe(1);
    }
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'FAILED', attempts: 8, lastStatusCode: 503 });
    expect(receiver.received).toHaveLength(8);
  });

  it('honours Retry-After when it asks for longer than the schedule', async () => {
    const { org, id, receiver } = await setup();
    receiver.answer({ status: 429, headers: { 'retry-after': '120' } });
    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    const t0 = new Date();
    await pass(t0);
    const [d] = await deliveriesOf(id);
    expect(d!.nextAttemptAt.getTime() - t0.getTime()).toBe(120_000);
    expect((await pass(new Date(t0.getTime() + 60_000))).attempted).toBe(0);
    expect(await pass(new Date(t0.getTime() + 120_000))).toEqual({ attempted: 1, delivered: 1 });
  });

  it('410 Gone disables the endpoint: no further deliveries until it is enabled again', async () => {
    const { org, id, receiver } = await setup();
    receiver.answer({ status: 410 });
    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    await pass();
    const hook = await call(getHook, { headers: h(org), params: { id } });
    expect(hook.json).toMatchObject({ status: 'DISABLED', disabledReason: expect.stringMatching(/410 Gone/) });
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'FAILED', lastStatusCode: 410 });
    // A state change now is recorded, but not sent while disabled; the test event is refused.
    const c = await call(createContract, { method: 'POST', headers: h(org), body: { name: 'Gone', symbol: 'GON' } });
    await call(updateContract, { method: 'PUT', headers: h(org), body: { id: c.json.id, status: 'FAILED' } });
    expect((await call(testEvent, { method: 'POST', headers: h(org), params: { id } })).status).toBe(409);
    expect((await pass(new Date(Date.now() + 3_600_000))).attempted).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('secret rotation', () => {
  it('both secrets verify for 24 h after a rotation, only the new one after', async () => {
    const { org, id, secret: oldSecret, receiver } = await setup();
    const rotated = await call(rotate, { method: 'POST', headers: h(org), params: { id } });
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret = rotated.json.secret as string;
    expect(newSecret).not.toBe(oldSecret);
    const expires = new Date(rotated.json.endpoint.previousSecretExpiresAt as string).getTime();
    expect(expires - Date.now()).toBeGreaterThan(24 * 3_600_000 - 60_000);

    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    await pass();
    const during = receiver.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(receiver.verify(during, oldSecret)).toBeTruthy();
    expect(receiver.verify(during, newSecret)).toBeTruthy();

    // A day later (the signing and the verifying clock both move).
    vi.useFakeTimers({ toFake: ['Date'], now: expires + 1_000 });
    await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    await pass();
    const after = receiver.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(receiver.verify(after, newSecret)).toBeTruthy();
    expect(() => receiver.verify(after, oldSecret)).toThrow();
  });
});

describe('events from state changes', () => {
  it('contract.deployed carries the contract exactly as A3 returns it, numbered per resource; the outbox row commits with the change', async () => {
    const { org, id, secret, receiver } = await setup({ eventTypes: ['contract.deployed', 'contract.failed'] });
    const c = await call(createContract, { method: 'POST', headers: h(org), body: { name: 'Harbor', symbol: 'HBR' } });
    const failed = await call(updateContract, { method: 'PUT', headers: h(org), body: { id: c.json.id, status: 'FAILED' } });
    const deployed = await call(updateContract, {
      method: 'PUT',
      headers: h(org),
      body: { id: c.json.id, status: 'DEPLOYED', contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    // A rejected change (409/400) records nothing.
    const refused = await call(updateContract, { method: 'PUT', headers: h(org), body: { id: c.json.id, status: 'DEPLOYED', contractAddress: 'nope' } });
    expect(refused.status).toBe(400);
    await pass();
    expect(receiver.received.map((r) => receiver.verify(r, secret))).toEqual([
      { type: 'contract.failed', timestamp: expect.any(String), sequence: 1, data: { ...failed.json, chainTransaction: null } },
      { type: 'contract.deployed', timestamp: expect.any(String), sequence: 2, data: { ...deployed.json, chainTransaction: null } },
    ]);
    expect(await deliveriesOf(id)).toHaveLength(2);
  });

  it('records nothing for an organization without endpoints, and only subscribed types are delivered', async () => {
    const org = await createTestOrg();
    const c = await call(createContract, { method: 'POST', headers: h(org), body: { name: 'Quiet', symbol: 'QT' } });
    await call(updateContract, { method: 'PUT', headers: h(org), body: { id: c.json.id, status: 'FAILED' } });
    expect(await (await getStore()).select().from(webhookEvents).where(eq(webhookEvents.organizationId, org.organization.id))).toHaveLength(0);

    const { org: org2, id, receiver } = await setup({ eventTypes: ['member.invited'] });
    const c2 = await call(createContract, { method: 'POST', headers: h(org2), body: { name: 'Loud', symbol: 'LD' } });
    await call(updateContract, { method: 'PUT', headers: h(org2), body: { id: c2.json.id, status: 'FAILED' } });
    expect(await (await getStore()).select().from(webhookEvents).where(eq(webhookEvents.organizationId, org2.organization.id))).toHaveLength(1);
    expect(await deliveriesOf(id)).toHaveLength(0);
    await pass();
    expect(receiver.received).toHaveLength(0);
  });

  it('member.invited (A13), member.joined, member.removed (A12), each with the member as A10 returns it', async () => {
    const { org, secret, receiver } = await setup();
    const email = `hook-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const invited = await call(bulkInvite, { method: 'POST', headers: h(org), body: { users: [{ email }] } });
    const invitationId = invited.json.data.results[0].id as string;
    const asInvited = await call(getMember, { headers: h(org), params: { id: invitationId } });
    const joined = await (await getStore()).transaction((tx) =>
      registerUserInOrganizationIn(tx, org.organization.id, { email, firstName: 'Hook', lastName: 'Member', userName: `hook_${crypto.randomUUID().slice(0, 6)}` }),
    );
    const asMember = await call(getMember, { headers: h(org), params: { id: joined.membershipId } });
    const removed = await call(removeMember, { method: 'DELETE', headers: h(org), params: { id: joined.membershipId } });
    expect(removed.status).toBe(200);
    await pass();
    const messages = receiver.received.map((r) => receiver.verify(r, secret) as { type: string; sequence: number; data: unknown });
    expect(messages.map((m) => [m.type, m.sequence])).toEqual([
      ['member.invited', 1],
      ['member.joined', 1],
      ['member.removed', 2],
    ]);
    expect(messages[0]!.data).toEqual(asInvited.json);
    expect(messages[1]!.data).toEqual(asMember.json);
    expect(messages[2]!.data).toEqual(asMember.json);
  });
});

describe('replay', () => {
  it('replays one message (same webhook-id and body, new signature) and every message since a time', async () => {
    const { org, id, secret, receiver } = await setup();
    const first = await call(testEvent, { method: 'POST', headers: h(org), params: { id } });
    await pass();
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date();
    await new Promise((r) => setTimeout(r, 20));
    const c = await call(createContract, { method: 'POST', headers: h(org), body: { name: 'Replay', symbol: 'RPL' } });
    await call(updateContract, { method: 'PUT', headers: h(org), body: { id: c.json.id, status: 'FAILED' } });
    await call(updateContract, { method: 'PUT', headers: h(org), body: { id: c.json.id, status: 'DEPLOYED', contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7' } });
    await pass();
    expect(receiver.received).toHaveLength(3);

    const one = await call(replay, { method: 'POST', headers: h(org), params: { id }, body: { eventId: first.json.eventId } });
    expect(one.json).toEqual({ replayed: 1, eventIds: [first.json.eventId] });
    await pass();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]!.headers['webhook-id']).toBe(first.json.eventId);
    expect(receiver.received[3]!.body).toBe(receiver.received[0]!.body);
    receiver.verify(receiver.received[3]!, secret);

    const range = await call(replay, { method: 'POST', headers: h(org), params: { id }, body: { since: since.toISOString() } });
    expect(range.json.replayed).toBe(2);
    await pass();
    expect(receiver.received.slice(4).map((r) => (receiver.verify(r, secret) as { type: string }).type)).toEqual(['contract.failed', 'contract.deployed']);
    const log = await call(listDeliveries, { headers: h(org), params: { id }, query: { limit: 100 } });
    expect(log.json.data.filter((d: { replay: boolean }) => d.replay)).toHaveLength(3);

    const other = await setup();
    expect((await call(replay, { method: 'POST', headers: h(other.org), params: { id: other.id }, body: { eventId: first.json.eventId } })).status).toBe(404);
    const invalid = await call(replay, { method: 'POST', headers: h(org), params: { id }, body: {} });
    expect(invalid.status).toBe(400);
    expect(invalid.json.details[0]).toMatch(/^eventId: give eventId, or since/);
  });
});
