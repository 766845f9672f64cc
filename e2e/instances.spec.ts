import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEVNODE_FUNDER_KEY, startDevNode, type DevNode } from '@/lib/chain/devnode';
import { startEmbeddedPostgres, type EmbeddedServer } from '@/test/postgres/embedded';
import { TestSmtp } from '@/test/smtp';
import type { E2EOrg } from './env';
import { provisionOrgIn, serverEnv, startServer, type ServerHandle } from './process-harness';

/**
 * Two app instances on one PostgreSQL (issue 29), started by this spec: the built app twice
 * (scripts/serve.ts), an embedded PostgreSQL and a real SMTP server of its own. Every check sends
 * real HTTP requests to both instances; what one instance learned or wrote must hold at the other
 * at once, and work a killed instance held must be finished by the other.
 *
 * The instances believe X-Forwarded-For from 127.0.0.1 (TRUSTED_PROXIES), so each check plays its
 * own client address and budgets of one check never touch another's.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = [E2E_PORT + 270, E2E_PORT + 271] as const;
const PG_PORT = Number(process.env.E2E_INSTANCES_PG_PORT ?? 57_000 + (E2E_PORT % 1000));
const DATA_DIR = path.join('.tmp', `instances-${E2E_PORT}`);
const MAIL_LEASE_MS = 10_000;
/** Requests per client address (before authentication) and per key (after) per minute, on each instance's view. */
const BUDGET = 200;

test.describe.configure({ mode: 'serial' });

let db: EmbeddedServer | undefined;
let node: DevNode | undefined;
const smtp = new TestSmtp();
const servers: (ServerHandle | undefined)[] = [undefined, undefined];
let envs: Record<string, string>[] = [];
let org: E2EOrg;
let sql: pg.Client;

const base = (i: number) => `http://127.0.0.1:${PORTS[i]}`;

function instanceEnv(i: number, pgUrl: string): Record<string, string> {
  return {
    ...serverEnv(PORTS[i]!, DATA_DIR),
    // One public origin for both, as behind a load balancer.
    APP_URL: base(0),
    DATABASE_URL: pgUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_LEASE_MS: String(MAIL_LEASE_MS),
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: String(BUDGET),
    TENANT_RATE_LIMIT_PER_MINUTE: '100000',
    SIGNIN_MAX_PER_MINUTE: '1000',
    CHAIN: 'evm',
    RPC_URL: node!.url,
    CHAIN_CONFIRMATIONS: '1',
  };
}

async function startInstance(i: number) {
  servers[i] = await startServer(envs[i]!);
}

function killInstance(i: number) {
  const s = servers[i];
  if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
  return s?.exited;
}

type Call = { status: number; json: any; headers: Headers };

async function api(i: number, method: string, p: string, opts: { key?: string; client: string; body?: unknown }): Promise<Call> {
  const res = await fetch(`${base(i)}${p}`, {
    method,
    headers: {
      'x-forwarded-for': opts.client,
      ...(opts.key ? { 'x-api-key': opts.key } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** A fresh Family A key of the test organization (its own per-key budget), made by the real CLI. */
function newKey(name: string): string {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'key', 'create', '--org', org.organization.tenant, '--family', 'a', '--name', name, '--json'], {
    env: { ...process.env, ...envs[0] },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return (JSON.parse(out) as { key: string }).key;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  db = await startEmbeddedPostgres({ port: PG_PORT, folderPrefix: 'cl2c-e2e-instances-' });
  await smtp.start();
  node = await startDevNode();
  envs = [instanceEnv(0, db.url), instanceEnv(1, db.url)];
  // Both at once on an empty database: the migrations run once, under the advisory lock.
  await Promise.all([startInstance(0), startInstance(1)]);
  org = provisionOrgIn(envs[0]!, 'Instances');
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});

test.afterAll(async () => {
  for (const s of servers) {
    if (s && s.child.exitCode === null) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  }
  await sql?.end();
  await smtp.stop();
  await node?.stop();
  await db?.stop();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('both instances serve the one database, migrated once', async () => {
  for (const i of [0, 1]) {
    const ready = await api(i, 'GET', '/api/ready', { client: '10.1.0.1' });
    expect(ready.status, JSON.stringify(ready.json)).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ready', engine: 'postgres', checks: { limits: { status: 'ok' } } });
  }
  const { rows } = await sql.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
  const { rows: distinct } = await sql.query<{ n: string }>('select count(distinct hash) as n from drizzle.__drizzle_migrations');
  expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  expect(rows[0]!.n).toBe(distinct[0]!.n);
  // Both raced to seed the empty database: one demo organization, its three sample contracts once.
  const { rows: demo } = await sql.query<{ n: string }>(
    `select count(*) as n from smart_contracts c join organizations o on o.id = c.organization_id where o.tenant = 'demo'`,
  );
  expect(demo[0]!.n).toBe('3');
});

test('a sign-in lockout earned on one instance holds on the other; a rate limit counts across both', async () => {
  const client = '10.2.0.1';
  const signIn = (i: number, password: string) =>
    fetch(`${base(i)}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client, origin: base(0) },
      body: JSON.stringify({ email: org.admin.email, password }),
    });
  // Five failures, spread over the two instances: neither saw five alone.
  for (const i of [0, 1, 0, 1, 0]) {
    const res = await signIn(i, 'wrong password 123');
    expect(res.status, `failure at instance ${i}`).toBe(401);
  }
  // The pair (account, address) is now backing off: even the right password is refused, at both.
  for (const i of [1, 0]) {
    const locked = await signIn(i, org.adminPassword);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // From another address the owner still signs in (the lock is the pair's, not the account's).
  const owner = await fetch(`${base(1)}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.2.0.2', origin: base(0) },
    body: JSON.stringify({ email: org.admin.email, password: org.adminPassword }),
  });
  expect(owner.status).toBe(200);

  // The per-key budget: BUDGET requests a minute in all, whichever instance answers.
  const key = newKey('budget');
  const statuses: number[] = [];
  for (let n = 0; n < BUDGET + 10; n += 1) {
    statuses.push((await api(n % 2, 'GET', '/api/v1/cl2c/contract?limit=1', { key, client: `10.3.0.${1 + (n % 200)}` })).status);
  }
  const ok = statuses.filter((s) => s === 200).length;
  const limited = statuses.filter((s) => s === 429).length;
  expect(ok + limited).toBe(statuses.length);
  // Counted per instance, each would have allowed BUDGET (2 × BUDGET in all): none would be 429.
  expect(ok).toBe(BUDGET);
  expect(limited).toBe(10);
});

test('a write on one instance is in the totals and deep pages the other serves at once', async () => {
  const client = '10.4.0.1';
  const key = newKey('lists');
  const contract = await api(0, 'POST', '/api/v1/cl2c/contract', { key, client, body: { name: 'Instances list', symbol: 'INL' } });
  expect(contract.status, JSON.stringify(contract.json)).toBeLessThan(300);
  const contractId = contract.json.id as string;
  // 2,400 NFTs written with plain SQL (as a bulk load would): deep pages beyond the anchor interval.
  await sql.query(
    `insert into nfts (id, organization_id, smart_contract_id, name, created_at, updated_at)
     select gen_random_uuid()::text, $1, $2, 'bulk ' || lpad(i::text, 5, '0'),
            now() - make_interval(secs => i), now() - make_interval(secs => i)
     from generate_series(1, 2400) as i`,
    [org.organization.id, contractId],
  );
  const page = (i: number, n: number) => api(i, 'GET', `/api/v1/cl2c/nft?contractId=${contractId}&sortBy=name&sortOrder=asc&limit=50&page=${n}`, { key, client });
  const totalOf = (c: Call) => c.json.pagination.total as number;

  // Instance 1 reads (and caches) the total and a deep page.
  const before = await page(1, 40);
  expect(before.status, JSON.stringify(before.json)).toBe(200);
  expect(totalOf(before)).toBe(2400);
  const beforeNames = (before.json.data as { name: string }[]).map((n) => n.name);
  expect(beforeNames[0]).toBe('bulk 01951');

  // Instance 0 writes an NFT that sorts first.
  const created = await api(0, 'POST', '/api/v1/cl2c/nft', { key, client, body: { name: 'a first one', smartContractId: contractId } });
  expect(created.status, `${JSON.stringify(created.json)}\n${servers[0]?.stderr().slice(-3000)}`).toBeLessThan(300);

  // Instance 1, at once: one more in the total, and the deep page moved by one.
  const after = await page(1, 40);
  expect(totalOf(after)).toBe(2401);
  const afterNames = (after.json.data as { name: string }[]).map((n) => n.name);
  expect(afterNames[0]).toBe('bulk 01950');
  expect(afterNames.slice(1)).toEqual(beforeNames.slice(0, -1));

  // A delete through instance 1 is seen by instance 0 the same way.
  const removed = await api(1, 'DELETE', `/api/v1/cl2c/nft/${created.json.id}`, { key, client });
  expect(removed.status, JSON.stringify(removed.json)).toBeLessThan(300);
  const again = await page(0, 40);
  expect(totalOf(again)).toBe(2400);
  expect((again.json.data as { name: string }[]).map((n) => n.name)).toEqual(beforeNames);
});

test('kill -9 of an instance in a burst of mails: the other sends the rest after the lease, nothing lost, a copy only of the mail in flight', async () => {
  test.setTimeout(120_000);
  const client = '10.5.0.1';
  const key = newKey('mails');
  smtp.acceptDelayMs = 250;
  const emails = Array.from({ length: 30 }, (_, n) => `burst-${n}-${Date.now().toString(36)}@example.test`);
  const invited = await api(0, 'POST', '/api/v1/cl2c/user/bulk', { key, client, body: { users: emails.map((email) => ({ email })) } });
  expect(invited.status, JSON.stringify(invited.json)).toBe(200);
  // Instance 0's worker (kicked by its own commit) claims a batch and sends it one by one through
  // a slow relay; kill it once it is mid-batch, holding leases on mails it has not sent.
  const pid = servers[0]!.child.pid!;
  const heldBy0 = async () =>
    (
      await sql.query<{ id: string }>(`select id from outbox_emails where "to" = any($1) and status = 'PENDING' and claimed_by like $2`, [emails, `%:${pid}:%`])
    ).rows.map((r) => r.id);
  await expect.poll(() => smtp.received.filter((m) => emails.includes(m.to[0]!)).length, { timeout: 20_000, intervals: [20] }).toBeGreaterThan(0);
  await killInstance(0);
  const held = await heldBy0();
  expect(held.length, 'mails the killed instance had claimed and not sent').toBeGreaterThan(0);

  // Everything acknowledged (30 invitations) arrives: instance 1 takes the killed instance's
  // claims once their lease has run out.
  await expect
    .poll(() => new Set(smtp.received.flatMap((m) => m.to).filter((to) => emails.includes(to))).size, { timeout: MAIL_LEASE_MS + 40_000, intervals: [250] })
    .toBe(30);
  const { rows } = await sql.query<{ status: string; n: string }>(`select status, count(*) as n from outbox_emails where "to" = any($1) group by status`, [emails]);
  expect(rows).toEqual([{ status: 'SENT', n: '30' }]);
  // The killed instance's claims were taken over (by instance 1, the only one alive).
  const { rows: takenOver } = await sql.query<{ n: string }>(`select count(*) as n from outbox_emails where id = any($1) and status = 'SENT'`, [held]);
  expect(Number(takenOver[0]!.n)).toBe(held.length);
  // Nothing sent twice, except possibly the one mail that was on the wire when the process died —
  // and that copy carries the same Message-ID (receivers can tell it is one message).
  const byRecipient = new Map<string, string[]>();
  for (const m of smtp.received.filter((m) => emails.includes(m.to[0]!))) {
    const id = m.raw.match(/^Message-ID: (.+?)\r?$/im)?.[1] ?? '';
    byRecipient.set(m.to[0]!, [...(byRecipient.get(m.to[0]!) ?? []), id]);
  }
  const twice = [...byRecipient.values()].filter((ids) => ids.length > 1);
  expect(twice.length).toBeLessThanOrEqual(1);
  for (const ids of twice) expect(new Set(ids).size).toBe(1);

  smtp.acceptDelayMs = 0;
  await startInstance(0);
});

/** The organization's wallet funded on the node; the admin's membership (their custodial wallet) as recipient. */
async function fundedSender(key: string, client: string) {
  const wallet = await api(0, 'GET', '/api/v1/cl2c/wallet', { key, client });
  expect(wallet.status, JSON.stringify(wallet.json)).toBe(200);
  const chain = createPublicClient({ transport: http(node!.url) });
  const funder = createWalletClient({ account: privateKeyToAccount(DEVNODE_FUNDER_KEY), transport: http(node!.url) });
  await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: wallet.json.address as Address, value: parseEther('100'), chain: null }) });
  const members = await api(0, 'GET', `/api/v1/cl2c/user?search=${encodeURIComponent(org.admin.email)}`, { key, client });
  expect(members.status, JSON.stringify(members.json)).toBe(200);
  return { address: wallet.json.address as Address, memberId: members.json.data[0].id as string, chain };
}

function send(i: number, key: string, client: string, memberId: string, idempotencyKey: string) {
  return fetch(`${base(i)}/api/v1/cl2c/token`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'x-forwarded-for': client, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ memberId, amount: 0.001, tokenType: 'mainnet' }),
  }).then(async (res) => ({ status: res.status, json: (await res.json()) as { transactionHash: string; transferId: string; success: boolean } }));
}

/** A few empty blocks on the dev node (it mines only when sent a transaction): the sends get deep enough to be confirmed. */
async function mineBlocks(n: number) {
  for (let k = 0; k < n; k += 1) {
    await fetch(node!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: k, method: 'evm_mine', params: [] }) });
  }
}

/** Every transaction the wallet signed that the node has, by nonce (a dev node mines each at once). */
async function onChainFrom(chain: ReturnType<typeof createPublicClient>, from: Address) {
  const count = await chain.getTransactionCount({ address: from });
  const latest = await chain.getBlockNumber();
  const byNonce = new Map<number, Hex>();
  for (let b = 0n; b <= latest; b += 1n) {
    const block = await chain.getBlock({ blockNumber: b, includeTransactions: true });
    for (const tx of block.transactions) if (tx.from.toLowerCase() === from.toLowerCase()) byNonce.set(tx.nonce, tx.hash);
  }
  return { count, byNonce };
}

test('20 parallel token sends over both instances take 20 consecutive nonces, each once, all confirmed; one idempotency key at both at once is one send', async () => {
  test.setTimeout(180_000);
  const client = '10.6.0.1';
  const key = newKey('sends');
  const { address, memberId, chain } = await fundedSender(key, client);
  const stamp = Date.now().toString(36);

  const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => send(n % 2, key, client, memberId, `par-${stamp}-${n}`)));
  for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
  const hashes = answers.map((a) => a.json.transactionHash);
  expect(new Set(hashes).size).toBe(20);

  // The same key at both instances at the same moment: one send, both answers name it.
  const [x, y] = await Promise.all([send(0, key, client, memberId, `same-${stamp}`), send(1, key, client, memberId, `same-${stamp}`)]);
  expect([x.status, y.status]).toEqual([200, 200]);
  expect(x.json.transferId).toBe(y.json.transferId);
  expect(x.json.transactionHash).toBe(y.json.transactionHash);

  // On chain: nonces 0..20, no gap, no duplicate, each hash the one the API answered.
  await expect.poll(async () => (await onChainFrom(chain, address)).count, { timeout: 60_000 }).toBe(21);
  const { byNonce } = await onChainFrom(chain, address);
  expect([...byNonce.keys()].sort((p, q) => p - q)).toEqual(Array.from({ length: 21 }, (_, n) => n));
  expect(new Set(byNonce.values())).toEqual(new Set([...hashes, x.json.transactionHash]));
  for (const hash of byNonce.values()) expect((await chain.getTransactionReceipt({ hash })).status).toBe('success');
  // And the ledger agrees: every send confirmed, read through the other instance than the one that sent it.
  await mineBlocks(3);
  for (const [n, a] of answers.entries()) {
    await expect
      .poll(async () => (await api((n + 1) % 2, 'GET', `/api/v1/cl2c/token/${a.json.transferId}`, { key, client })).json.status, { timeout: 60_000, intervals: [500] })
      .toBe('CONFIRMED');
  }
});

test('kill -9 of an instance in a burst of sends: every acknowledged send lands once, retries of the rest are answered without a second payment', async () => {
  test.setTimeout(180_000);
  const client = '10.7.0.1';
  const key = newKey('crash-sends');
  const { address, memberId, chain } = await fundedSender(key, client);
  const before = await chain.getTransactionCount({ address });
  const stamp = Date.now().toString(36);
  const keys = Array.from({ length: 12 }, (_, n) => `crash-${stamp}-${n}`);

  // A burst at instance 0, killed once it has answered a few (the rest are in flight).
  let answered = 0;
  const burst = keys.map((k) =>
    send(0, key, client, memberId, k).then(
      (a) => ((answered += 1), a),
      () => null,
    ),
  );
  await expect.poll(() => answered, { timeout: 30_000, intervals: [10] }).toBeGreaterThanOrEqual(3);
  await killInstance(0);
  const first = await Promise.all(burst);

  // The client retries every send (the same keys) at the survivor. A send the killed instance was
  // still preparing is "in progress" (409) until its lease runs out; then every key has its answer.
  const retried = await Promise.all(
    keys.map(async (k) => {
      for (const deadline = Date.now() + 120_000; ; ) {
        const r = await send(1, key, client, memberId, k);
        if (r.status !== 409 || Date.now() > deadline) return r;
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      }
    }),
  );
  for (const r of retried) expect(r.status, JSON.stringify(r.json)).toBe(200);
  // An acknowledged send keeps its identity on retry.
  first.forEach((a, n) => {
    if (a?.status === 200) expect(retried[n]!.json.transferId).toBe(a.json.transferId);
  });

  // Every send ends CONFIRMED (signed before the kill: the survivor broadcast it once the lease ran
  // out) or FAILED with nothing sent (never signed) — and every acknowledged one is CONFIRMED.
  await mineBlocks(3);
  const ids = new Set(retried.map((r) => r.json.transferId));
  let final: { id: string; status: string; transactionHash: Hex }[] = [];
  await expect
    .poll(
      async () => {
        await mineBlocks(1);
        const list = await api(1, 'GET', '/api/v1/console/transfers?limit=20', { key, client });
        final = (list.json.data as { id: string; status: string; transactionHash: Hex }[]).filter((t) => ids.has(t.id));
        return final.length === keys.length && final.every((t) => t.status === 'CONFIRMED' || t.status === 'FAILED');
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(true);
  const statusOf = new Map(final.map((t) => [t.id, t]));
  first.forEach((a, n) => {
    if (a?.status === 200) expect(statusOf.get(retried[n]!.json.transferId)!.status, `acknowledged send ${n}`).toBe('CONFIRMED');
  });
  // On chain: exactly the confirmed sends, each once, at consecutive nonces.
  const confirmed = final.filter((t) => t.status === 'CONFIRMED').map((t) => t.transactionHash);
  expect(confirmed.length).toBeGreaterThan(0);
  expect(await chain.getTransactionCount({ address })).toBe(before + confirmed.length);
  const { byNonce } = await onChainFrom(chain, address);
  const sentNow = [...byNonce.entries()].filter(([nonce]) => nonce >= before).map(([, hash]) => hash);
  expect(sentNow.length).toBe(confirmed.length);
  expect(new Set(sentNow)).toEqual(new Set(confirmed));

  await startInstance(0);
});
