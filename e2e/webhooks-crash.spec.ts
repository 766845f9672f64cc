import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startReceiver, type Receiver } from '@/test/webhook-receiver';
import { provisionOrgIn, serverEnv, startServer, type ServerHandle } from './process-harness';

/**
 * kill -9 of the real production server (scripts/serve.ts over the built app) while a webhook
 * request is in flight: after the restart the delivery's lease runs out, it is claimed again and
 * delivered, and the log shows each HTTP request the receiver got as exactly one attempt (the
 * lost one INTERRUPTED). Its own port, data dir and receiver.
 */
const PORT = Number(process.env.E2E_WEBHOOKS_CRASH_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 51);
const DATA_DIR = path.join('.tmp', `webhooks-crash-${PORT}`);
const ENV: Record<string, string> = {
  ...serverEnv(PORT, DATA_DIR),
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1',
  // The shortest lease allowed (it must outlast the 15 s request timeout).
  WEBHOOKS_LEASE_MS: '16000',
  WEBHOOKS_POLL_MS: '500',
};
const BASE = `http://127.0.0.1:${PORT}`;

let server: ServerHandle | undefined;
let receiver: Receiver | undefined;
test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await receiver?.close();
});

type Delivery = { status: string; eventId: string; attemptLog: { number: number; outcome: string; statusCode: number | null }[] };

test('kill -9 mid-delivery: delivered after the restart, each request the receiver got logged once', async () => {
  test.setTimeout(180_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = await startServer(ENV);
  const org = provisionOrgIn(ENV, 'Webhook crash');
  const headers = { 'x-api-key': org.apiKey, 'content-type': 'application/json' };
  receiver = await startReceiver();
  receiver.answer('hang');

  const created = await fetch(`${BASE}/api/v1/cl2c/webhook`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url }) });
  expect(created.status, await created.clone().text()).toBe(201);
  const { endpoint, secret } = (await created.json()) as { endpoint: { id: string }; secret: string };
  const sent = await fetch(`${BASE}/api/v1/cl2c/webhook/${endpoint.id}/test`, { method: 'POST', headers });
  const { eventId } = (await sent.json()) as { eventId: string };

  // The first request arrives and hangs; the server dies with it in flight.
  await receiver.waitFor(1);
  server.child.kill('SIGKILL');
  await server.exited;

  server = await startServer(ENV);
  await receiver.waitFor(2, 60_000);
  const deliveries = async () => {
    const res = await fetch(`${BASE}/api/v1/cl2c/webhook/${endpoint.id}/deliveries`, { headers });
    return ((await res.json()) as { data: Delivery[] }).data;
  };
  await expect.poll(async () => (await deliveries())[0]?.status, { timeout: 20_000 }).toBe('SUCCEEDED');
  const [delivery] = await deliveries();
  expect(delivery!.eventId).toBe(eventId);
  expect(delivery!.attemptLog.map((a) => [a.number, a.outcome, a.statusCode])).toEqual([
    [1, 'INTERRUPTED', null],
    [2, 'SUCCEEDED', 200],
  ]);
  // One logged attempt per request received, both the same message, both signed by us.
  expect(receiver.received).toHaveLength(delivery!.attemptLog.length);
  for (const r of receiver.received) {
    expect(r.headers['webhook-id']).toBe(eventId);
    receiver.verify(r, secret);
  }
});
