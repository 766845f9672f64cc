import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { openDb } from '@/lib/storage/sqlite/client';
import { check } from '@/lib/storage/sqlite/search/maintenance';
import { registerUserInOrganization } from '@/lib/users/registration';
import { provisionOrgIn, serverEnv, startServer, type ServerHandle } from './process-harness';

/**
 * Crash and shutdown behaviour of the real production server process (scripts/serve.ts over the
 * built app, CHAIN=local, a real SQLite file), started by this spec on its own port and data dir.
 * It lives in the Playwright suite because it needs `next build` output (npm test builds first).
 */
const PORT = Number(process.env.E2E_DURABILITY_PORT ?? (Number(process.env.E2E_PORT ?? 3100) + 250));
const DATA_DIR = path.join('.tmp', `durability-${PORT}`);
// A fast machine signs thousands of sends in 20 bursts: the simulated balance (1000 by default) must
// not run out, or a retry would be refused for the balance instead of answered from its key.
const ENV: Record<string, string> = { ...serverEnv(PORT, DATA_DIR), LOCAL_CHAIN_BALANCE: '100000000' };
const BASE = ENV.APP_URL;
const CYCLES = 20;

test.describe.configure({ mode: 'serial' });

let server: ServerHandle | undefined;
test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
});

type Acked = { contracts: string[]; nfts: string[]; invitations: { id: string; email: string }[]; sends: Map<string, string> };

test('SIGKILL during write bursts, 20 times: acknowledged writes survive, nothing half-written, no double send', async () => {
  // 20 server starts: 2–3 minutes on a busy two-core machine.
  test.setTimeout(420_000);
  const started = Date.now();
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = await startServer(ENV);
  const org = provisionOrgIn(ENV, 'Durability');
  Object.assign(process.env, { AUTH_SECRET: ENV.AUTH_SECRET });
  const setupDb = openDb(ENV.DATABASE_PATH!);
  const members = [0, 1, 2].map(
    (i) =>
      setupDb.transaction((tx) =>
        registerUserInOrganization(tx, org.organization.id, {
          email: `dur-member-${i}@example.test`,
          firstName: 'Dur',
          lastName: `Member ${i}`,
          userName: `dur_member_${i}_${Date.now().toString(36)}`,
        }),
      ).membershipId,
  );
  setupDb.$client.close();
  const headers = { 'x-api-key': org.apiKey, 'content-type': 'application/json' };
  const post = (p: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${BASE}/api/v1/cl2c${p}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });

  const first = await post('/contract', { name: 'Durability base', symbol: 'DUR' });
  expect(first.status).toBe(201);
  const baseContract = ((await first.json()) as { id: string }).id;

  const probe = await post('/token', { memberId: members[0], amount: 1, tokenType: 'faucet' }, { 'idempotency-key': 'dur-probe' });
  expect(probe.status, await probe.text()).toBe(200);

  const acked: Acked = { contracts: [baseContract], nfts: [], invitations: [], sends: new Map() };
  /** Every Idempotency-Key sent, with its body, answered or not (to retry after the restart). */
  const attemptedSends = new Map<string, { memberId: string; amount: number; tokenType: 'faucet' }>();
  let seq = 0;
  let killedMidRequest = 0;

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    if (!server || server.child.exitCode !== null) server = await startServer(ENV);
    const cycleKeys: string[] = [];
    let stop = false;
    let inFlight = 0;
    const worker = async (kind: number) => {
      while (!stop) {
        const n = seq++;
        inFlight++;
        try {
          if (kind === 0) {
            const res = await post('/contract', { name: `C ${n}`, symbol: `C${n}` });
            if (res.status === 201) acked.contracts.push(((await res.json()) as { id: string }).id);
          } else if (kind === 1) {
            const res = await post('/nft', { name: `N ${n}`, smartContractId: baseContract, description: `nft ${n}`, metadata: { n } });
            if (res.ok) acked.nfts.push(((await res.json()) as { id: string }).id);
          } else if (kind === 2) {
            const users = [0, 1, 2, 3, 4].map((j) => ({ email: `inv-${n}-${j}@example.test` }));
            const res = await post('/user/bulk', { users });
            if (res.ok) {
              const body = (await res.json()) as { data: { results: { email: string; status: string; id: string }[] } };
              for (const r of body.data.results) if (r.status === 'invited') acked.invitations.push({ id: r.id, email: r.email });
            }
          } else {
            const key = `dur-${cycle}-${n}`;
            const body = { memberId: members[n % members.length]!, amount: (n % 7) + 1.5, tokenType: 'faucet' as const };
            attemptedSends.set(key, body);
            cycleKeys.push(key);
            const res = await post('/token', body, { 'idempotency-key': key });
            if (res.ok) acked.sends.set(key, ((await res.json()) as { transactionHash: string }).transactionHash);
          }
        } catch {
          // connection cut by the kill: not acknowledged
        } finally {
          inFlight--;
        }
      }
    };
    const workers = [0, 1, 2, 3, 3].map((k) => worker(k));
    // Kill at a different moment of each burst (150–900 ms in), while requests are in flight.
    await new Promise((r) => setTimeout(r, 150 + ((cycle * 37) % 750)));
    if (inFlight > 0) killedMidRequest++;
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(workers);

    server = await startServer(ENV);
    // A retry of every key of this burst gets a final answer (boot reconciliation), same hash as acked.
    await Promise.all(
      cycleKeys.map(async (key) => {
        const res = await post('/token', attemptedSends.get(key), { 'idempotency-key': key });
        const text = await res.text();
        expect(res.status, `retry of ${key} after restart: ${text}`).not.toBe(409);
        if (res.ok) {
          const hash = (JSON.parse(text) as { transactionHash: string }).transactionHash;
          if (acked.sends.has(key)) expect(hash).toBe(acked.sends.get(key));
        } else {
          expect(acked.sends.has(key), `acknowledged send ${key} answered ${res.status} on retry`).toBe(false);
        }
      }),
    );
    verifyDatabase(acked, cycle);
  }
  expect(killedMidRequest, 'kills that hit requests in flight').toBeGreaterThanOrEqual(CYCLES - 2);
  expect(acked.sends.size).toBeGreaterThan(0);
  expect(acked.invitations.length).toBeGreaterThan(0);
  expect(acked.nfts.length).toBeGreaterThan(0);
  console.log(
    `durability: ${CYCLES} SIGKILLs in ${Math.round((Date.now() - started) / 1000)} s; acked ${acked.contracts.length} contracts, ${acked.nfts.length} NFTs, ${acked.invitations.length} invitations, ${acked.sends.size} sends`,
  );
});

function verifyDatabase(acked: Acked, cycle: number) {
  const sqlite = new Database(ENV.DATABASE_PATH, { readonly: true });
  try {
    const at = `after kill ${cycle + 1}`;
    expect(sqlite.pragma('integrity_check', { simple: true }), at).toBe('ok');
    expect(sqlite.pragma('foreign_key_check'), at).toEqual([]);
    const has = (table: string, id: string) => sqlite.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
    for (const id of acked.contracts) expect(has('smart_contracts', id), `${at}: contract ${id}`).toBe(true);
    for (const id of acked.nfts) expect(has('nfts', id), `${at}: nft ${id}`).toBe(true);
    for (const inv of acked.invitations) expect(has('invitations', inv.id), `${at}: invitation ${inv.id}`).toBe(true);
    // Nothing half-written: every invitation has its mail, every NFT its metadata.
    const noMail = sqlite
      .prepare(`SELECT i.email FROM invitations i WHERE i.email LIKE 'inv-%' AND NOT EXISTS (SELECT 1 FROM outbox_emails o WHERE o."to" = i.email)`)
      .all();
    expect(noMail, `${at}: invitations without their mail`).toEqual([]);
    const noMeta = sqlite.prepare(`SELECT id FROM nfts WHERE smart_contract_id = ? AND metadata IS NULL`).all(acked.contracts[0]);
    expect(noMeta, `${at}: NFTs without metadata`).toEqual([]);
    // Sends: one transfer per key, one live-or-final signed tx per transfer, none left unsettled.
    const transfers = sqlite
      .prepare(`SELECT id, idempotency_key AS k, status, transaction_hash AS hash FROM token_transfers`)
      .all() as { id: string; k: string; status: string; hash: string | null }[];
    expect(new Set(transfers.map((t) => t.k)).size, `${at}: one transfer per key`).toBe(transfers.length);
    for (const t of transfers) {
      expect(['SIGNED', 'CONFIRMED', 'FAILED'], `${at}: transfer ${t.id} settled`).toContain(t.status);
      const signed = sqlite
        .prepare(`SELECT count(*) AS n FROM chain_transactions WHERE kind = 'transfer' AND entity_id = ? AND raw IS NOT NULL`)
        .get(t.id) as { n: number };
      expect(signed.n, `${at}: signed txs of transfer ${t.id}`).toBeLessThanOrEqual(1);
      if (t.status !== 'FAILED') expect(signed.n, `${at}: transfer ${t.id} has its signed tx`).toBe(1);
    }
    for (const [key, hash] of acked.sends) {
      const row = transfers.find((t) => t.k === key);
      expect(row?.hash, `${at}: acknowledged send ${key}`).toBe(hash);
    }
    expect(check(sqlite).problems, `${at}: db check`).toEqual([]);
  } finally {
    sqlite.close();
  }
}

test('SIGTERM: an in-flight request finishes, new connections are refused, exit 0', async () => {
  test.setTimeout(120_000);
  if (!server || server.child.exitCode !== null) server = await startServer(ENV);
  const org = provisionOrgIn(ENV, 'Shutdown');
  const body = JSON.stringify({ name: 'Finished during shutdown', symbol: 'SHUT' });
  const half = Math.floor(body.length / 2);
  // The request is in flight: headers sent, half the body still to come.
  const req = httpRequest(`${BASE}/api/v1/cl2c/contract`, {
    method: 'POST',
    headers: { 'x-api-key': org.apiKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  await new Promise((r) => setTimeout(r, 500));
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  // A new connection is refused while the old request is still open.
  const refused = await fetch(`${BASE}/api/health`).then(
    () => 'answered',
    (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code ?? error),
  );
  expect(refused).toBe('ECONNREFUSED');
  expect(server.child.exitCode).toBeNull();
  req.end(body.slice(half));
  const res = await answered;
  expect(res.status, res.text).toBe(201);
  const id = (JSON.parse(res.text) as { id: string }).id;
  expect(await server.exited).toBe(0);
  const sqlite = new Database(ENV.DATABASE_PATH, { readonly: true });
  try {
    expect(sqlite.prepare('SELECT name FROM smart_contracts WHERE id = ?').get(id)).toEqual({ name: 'Finished during shutdown' });
  } finally {
    sqlite.close();
  }
});
