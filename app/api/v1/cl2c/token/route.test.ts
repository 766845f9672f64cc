import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getStore } from '@/lib/storage/current';
import { auditEvents, invitations, organizations, tokenTransfers, userOrganizations, users, wallets } from '@/lib/storage/tables';
import { getChainClient, type ChainClient, type SendTokensRequest } from '@/lib/chain';
import { LocalChainClient } from '@/lib/chain/local';
import { open } from '@/lib/crypto/secret-box';
import type { Actor } from '@/lib/shared/actor';
import { settledRowForKey } from '@/lib/tokens/idempotency';
import { NOT_BROADCAST_NOTE, sendTokens } from '@/lib/tokens/service';
import { CHAIN_KEY_PURPOSE } from '@/lib/tenants/service';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { unsealWalletKey } from '@/lib/wallets/service';
import { call, createTestOrg } from '@/test/helpers';
import { GET as listTransfers } from '@/app/api/v1/console/transfers/route';
import { GET as openapi } from '@/app/api/v1/openapi.json/route';
import { POST } from './route';
import { nextChainSeqIn } from '@/lib/chain/sequence';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let member: Awaited<ReturnType<typeof addMember>>;
let otherMember: Awaited<ReturnType<typeof addMember>>;

async function addMember(organizationId: string, label = crypto.randomUUID().slice(0, 8)) {
  const email = `member-${label}@example.test`;
  const r = await (await getStore()).transaction((tx) =>
    registerUserInOrganizationIn(tx, organizationId, { email, firstName: 'Mem', lastName: label, userName: `user_${label}` }),
  );
  return { membershipId: r.membershipId, walletAddress: r.walletAddress, email, userId: r.user.id };
}

async function transferRows(organizationId = org.organization.id) {
  return (await getStore()).select().from(tokenTransfers).where(eq(tokenTransfers.organizationId, organizationId));
}

const send = (body: unknown, headers: Record<string, string> = {}, key = org.apiKey) =>
  call(POST, { method: 'POST', headers: { 'x-api-key': key, ...headers }, body });

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  member = await addMember(org.organization.id);
  otherMember = await addMember(other.organization.id);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('A14 POST /cl2c/token — success', () => {
  it('signs locally, records the row SIGNED with the decimal amount, and says it was not broadcast', async () => {
    const before = (await transferRows()).length;
    const res = await send({ memberId: member.membershipId, amount: 1.5 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      success: true,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      tokenType: 'mainnet',
      broadcast: false,
      note: NOT_BROADCAST_NOTE,
      transferId: expect.any(String),
      status: 'SIGNED',
      state: 'signed',
      error: null,
    });
    expect(res.json.note).toMatch(/not broadcast/i);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const rows = (await transferRows());
    expect(rows.length).toBe(before + 1);
    const row = rows.find((r) => r.id === res.json.transferId)!;
    expect(row).toMatchObject({
      userOrganizationId: member.membershipId,
      toAddress: member.walletAddress,
      amount: '1.5',
      tokenType: 'mainnet',
      status: 'SIGNED',
      broadcast: false,
      chain: 'local',
      transactionHash: res.json.transactionHash,
      error: null,
      idempotencyKey: null,
    });
    const [audit] = await (await getStore()).select().from(auditEvents).where(eq(auditEvents.entityId, row.id));
    expect(audit?.action).toBe('token.send');
  });

  it('accepts faucet and 18 decimals; equal sends get distinct hashes', async () => {
    const a = await send({ memberId: member.membershipId, amount: 0.000000000000000001, tokenType: 'faucet' });
    expect(a.status, a.text).toBe(200);
    expect(a.json.tokenType).toBe('faucet');
    expect((await transferRows()).find((r) => r.id === a.json.transferId)?.amount).toBe('0.000000000000000001');
    const b = await send({ memberId: member.membershipId, amount: 0.000000000000000001, tokenType: 'faucet' });
    expect(b.json.transactionHash).not.toBe(a.json.transactionHash);
  });

  it('accepts an admin session cookie from the console (same origin)', async () => {
    const { getAuth } = await import('@/lib/auth/server');
    const signIn = await (await getAuth()).api.signInEmail({
      body: { email: org.admin.email, password: 'correct horse battery' },
      asResponse: true,
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const res = await call(POST, {
      method: 'POST',
      headers: { cookie, origin: 'http://127.0.0.1:3999' },
      body: { memberId: member.membershipId, amount: 3 },
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('A14 — validation (400, nothing written)', () => {
  it.each([
    ['amount 0', { amount: 0 }, 'amount'],
    ['amount -1', { amount: -1 }, 'amount'],
    ['amount "1" (a string)', { amount: '1' }, 'amount'],
    ['amount 1e-19', { amount: 1e-19 }, 'amount'],
    ['amount "NaN"', { amount: 'NaN' }, 'amount'],
    ['amount null', { amount: null }, 'amount'],
    ['amount missing', { amount: undefined }, 'amount'],
    ['memberId missing', { memberId: undefined }, 'memberId'],
    ['memberId empty', { memberId: '' }, 'memberId'],
    ['tokenType unknown', { tokenType: 'gold' }, 'tokenType'],
    ['unknown field', { colour: 'red' }, 'body'],
  ])('%s', async (_label, patch, field) => {
    const before = (await transferRows()).length;
    const res = await send({ memberId: member.membershipId, amount: 1, ...patch });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe('Invalid request body.');
    expect(res.json.details.some((d: string) => d.startsWith(`${field}: `))).toBe(true);
    expect((await transferRows()).length).toBe(before);
  });

  it('400 for NaN / Infinity written in the raw body (not JSON) and 1e400 (parses to Infinity)', async () => {
    for (const raw of [
      `{"memberId":"${member.membershipId}","amount":NaN}`,
      `{"memberId":"${member.membershipId}","amount":Infinity}`,
      `{"memberId":"${member.membershipId}","amount":1e400}`,
      `{"memberId":"${member.membershipId}","amount":-1e400}`,
    ]) {
      const res = await send(raw);
      expect(res.status, raw).toBe(400);
      expect(res.json.details.length).toBeGreaterThan(0);
    }
  });

  it('400 for a malformed Idempotency-Key, naming the header', async () => {
    const res = await send({ memberId: member.membershipId, amount: 1 }, { 'idempotency-key': 'x'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.json.details[0]).toMatch(/^Idempotency-Key: /);
  });

  it('401 without a key, 415 for another content type', async () => {
    expect((await call(POST, { method: 'POST', body: { memberId: member.membershipId, amount: 1 } })).status).toBe(401);
    const res = await call(POST, {
      method: 'POST',
      headers: { 'x-api-key': org.apiKey, 'content-type': 'text/plain' },
      body: JSON.stringify({ memberId: member.membershipId, amount: 1 }),
    });
    expect(res.status).toBe(415);
  });
});

describe('A14 — member rules', () => {
  it('404 for an unknown member and for another organization’s member', async () => {
    const before = (await transferRows()).length;
    const unknown = await send({ memberId: crypto.randomUUID(), amount: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Member not found.', details: [] });
    const cross = await send({ memberId: otherMember.membershipId, amount: 1 });
    expect(cross.status).toBe(404);
    expect(cross.json.error).toBe('Member not found.');
    expect((await transferRows()).length).toBe(before);
    expect((await transferRows(other.organization.id)).length).toBe(0);
  });

  it('404 for a pending invitation id used as memberId', async () => {
    const [invitation] = await (await getStore())
      .insert(invitations)
      .values({
        organizationId: org.organization.id,
        email: `invitee-${crypto.randomUUID().slice(0, 8)}@example.test`,
        tokenHash: crypto.randomUUID(),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning();
    const res = await send({ memberId: invitation!.id, amount: 1 });
    expect(res.status).toBe(404);
  });

  it('404 for a suspended member', async () => {
    const suspended = await addMember(org.organization.id);
    await (await getStore()).update(userOrganizations).set({ status: 'SUSPENDED' }).where(eq(userOrganizations.id, suspended.membershipId));
    expect((await send({ memberId: suspended.membershipId, amount: 1 })).status).toBe(404);
  });

  it('409 for a member without a wallet, nothing written', async () => {
    const db = await getStore();
    const [user] = await db
      .insert(users)
      .values({ email: `nowallet-${crypto.randomUUID().slice(0, 8)}@example.test`, name: 'No Wallet', isRegistered: true })
      .returning({ id: users.id });
    const [membership] = await db
      .insert(userOrganizations)
      .values({ organizationId: org.organization.id, userId: user!.id, status: 'ACTIVE' })
      .returning({ id: userOrganizations.id });
    const before = (await transferRows()).length;
    const res = await send({ memberId: membership!.id, amount: 1 }, { 'idempotency-key': `nowallet-${user!.id}` });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/no wallet/i);
    expect(res.json.details).toEqual([`memberId: ${membership!.id} has no wallet`]);
    expect((await transferRows()).length).toBe(before);
    // The refused request did not burn the key: once the wallet exists the same key sends.
    await db.insert(wallets).values({ userId: user!.id, address: '0x52908400098527886E0F7030069857D2E4169EE7', isPrimary: true });
    const retry = await send({ memberId: membership!.id, amount: 1 }, { 'idempotency-key': `nowallet-${user!.id}` });
    expect(retry.status, retry.text).toBe(200);
  });
});

describe('A14 — Idempotency-Key', () => {
  it('same key + same body → the first response again, one row', async () => {
    const key = `replay-${crypto.randomUUID()}`;
    const before = (await transferRows()).length;
    const first = await send({ memberId: member.membershipId, amount: 2 }, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    // Same request in another spelling: keys reordered, the default tokenType written out.
    const again = await send(`{"tokenType":"mainnet","amount":2.0,"memberId":"${member.membershipId}"}`, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await transferRows()).length).toBe(before + 1);
    const row = (await transferRows()).find((r) => r.id === first.json.transferId)!;
    expect(row.idempotencyKey).toBe(key);
    expect(row.requestFingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('same key + different body → 409, nothing new written', async () => {
    const key = `mismatch-${crypto.randomUUID()}`;
    expect((await send({ memberId: member.membershipId, amount: 2 }, { 'idempotency-key': key })).status).toBe(200);
    const before = (await transferRows()).length;
    for (const body of [
      { memberId: member.membershipId, amount: 3 },
      { memberId: member.membershipId, amount: 2, tokenType: 'faucet' },
    ]) {
      const res = await send(body, { 'idempotency-key': key });
      expect(res.status).toBe(409);
      expect(res.json.error).toMatch(/different request body/);
      expect(res.json.details[0]).toMatch(/^Idempotency-Key: /);
    }
    expect((await transferRows()).length).toBe(before);
  });

  it('keys are per organization', async () => {
    const key = `shared-${crypto.randomUUID()}`;
    const a = await send({ memberId: member.membershipId, amount: 1 }, { 'idempotency-key': key });
    const b = await send({ memberId: otherMember.membershipId, amount: 1 }, { 'idempotency-key': key }, other.apiKey);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json.transferId).not.toBe(a.json.transferId);
  });

  it('20 concurrent requests with one key → exactly one transfer row and one chain call', async () => {
    const chain = getChainClient();
    const spy = vi.spyOn(chain, 'sendTokens');
    const key = `burst-${crypto.randomUUID()}`;
    const before = (await transferRows()).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send({ memberId: member.membershipId, amount: 5 }, { 'idempotency-key': key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json.transactionHash)).size).toBe(1);
    expect(new Set(results.map((r) => r.json.transferId)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true').length).toBe(19);
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await transferRows()).length).toBe(before + 1);
    expect((await transferRows()).filter((r) => r.idempotencyKey === key).length).toBe(1);
  });

  it('a duplicate that finds the row still PENDING waits, then answers 409 "in progress"', async () => {
    const key = `pending-${crypto.randomUUID()}`;
    const store = await getStore();
    await store
      .insert(tokenTransfers)
      .values({
        seq: await nextChainSeqIn(store, 'token_transfers'),
        organizationId: org.organization.id,
        userOrganizationId: member.membershipId,
        toAddress: member.walletAddress,
        amount: '1',
        tokenType: 'mainnet',
        idempotencyKey: key,
        requestFingerprint: 'f'.repeat(64),
      });
    const started = Date.now();
    await expect(settledRowForKey(await getStore(), org.organization.id, key, 'f'.repeat(64), 120)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/still in progress/),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('a duplicate waiting on a slow first request gets its result once it settles', async () => {
    const local = new LocalChainClient(getStore);
    const slow: ChainClient = Object.assign(new LocalChainClient(getStore), {
      sendTokens: async (req: SendTokensRequest) => {
        await new Promise((r) => setTimeout(r, 300));
        return local.sendTokens(req);
      },
    });
    const actor: Actor = { kind: 'api_key', keyId: 'k', userId: org.admin.id, organizationId: org.organization.id, requestId: 't' };
    const key = `slow-${crypto.randomUUID()}`;
    const input = { memberId: member.membershipId, amount: '4', tokenType: 'mainnet' as const };
    const [a, b] = await Promise.all([
      sendTokens(await getStore(), slow, actor, input, key),
      new Promise((r) => setTimeout(r, 50)).then(async () => sendTokens(await getStore(), slow, actor, input, key)),
    ]);
    expect(a.replayed).toBe(false);
    expect(b.replayed).toBe(true);
    expect(b.response).toEqual(a.response);
  });
});

describe('A14 — chain failure', () => {
  it('502, the row kept FAILED with the reason; a replay answers the send\'s current state (FAILED, nothing sent), never 502', async () => {
    const broken: ChainClient = Object.assign(new LocalChainClient(getStore), {
      sendTokens: () => Promise.reject(new Error('node unreachable\nstack-ish detail')),
    });
    const actor: Actor = { kind: 'user', userId: org.admin.id, organizationId: org.organization.id, requestId: 'r' };
    const key = `fail-${crypto.randomUUID()}`;
    const input = { memberId: member.membershipId, amount: '1', tokenType: 'mainnet' as const };
    const error = await sendTokens(await getStore(), broken, actor, input, key).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, details: [expect.stringMatching(/^transferId: /), 'chain: node unreachable'] });
    const row = (await transferRows()).find((r) => r.idempotencyKey === key)!;
    expect(row).toMatchObject({ status: 'FAILED', error: 'node unreachable', transactionHash: null });
    const replay = await sendTokens(await getStore(), getChainClient(), actor, input, key);
    expect(replay).toMatchObject({
      replayed: true,
      response: { success: false, status: 'FAILED', state: 'errored', error: 'node unreachable', transactionHash: '', transferId: row.id },
    });
    expect((await transferRows()).filter((r) => r.idempotencyKey === key).length).toBe(1);
  });
});

describe('secrets', () => {
  it('neither the organization’s dev key nor any wallet key appears in a response or a log line', async () => {
    const db = await getStore();
    const [orgRow] = await db.select({ chainKeyEncrypted: organizations.chainKeyEncrypted }).from(organizations).where(eq(organizations.id, org.organization.id));
    const devKey = open(orgRow!.chainKeyEncrypted!, 'org-chain-key');
    expect(CHAIN_KEY_PURPOSE).toBe('org-chain-key');
    const walletKeys = (
      await db
        .select({ sealed: wallets.encryptedPrivateKey })
        .from(wallets)
        .where(and(eq(wallets.userId, member.userId)))
    ).map((w) => unsealWalletKey(w.sealed!));
    const secrets = [devKey, ...walletKeys].flatMap((k) => [k.toLowerCase(), k.slice(2).toLowerCase()]);
    expect(secrets.length).toBe(4);

    const logged: string[] = [];
    const quiet = process.env.CL2C_QUIET_LOGS;
    process.env.CL2C_QUIET_LOGS = '0';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const texts: string[] = [];
    try {
      const key = `secret-${crypto.randomUUID()}`;
      texts.push((await send({ memberId: member.membershipId, amount: 1 }, { 'idempotency-key': key })).text);
      texts.push((await send({ memberId: member.membershipId, amount: 1 }, { 'idempotency-key': key })).text);
      texts.push((await send({ memberId: member.membershipId, amount: 0 })).text);
      texts.push((await send({ memberId: crypto.randomUUID(), amount: 1 })).text);
      const broken: ChainClient = Object.assign(new LocalChainClient(getStore), { sendTokens: () => Promise.reject(new Error('boom')) });
      const actor: Actor = { kind: 'user', userId: org.admin.id, organizationId: org.organization.id, requestId: 's' };
      await sendTokens(await getStore(), broken, actor, { memberId: member.membershipId, amount: '1', tokenType: 'mainnet' }).catch(() => {});
      texts.push((await call(listTransfers, { headers: { 'x-api-key': org.apiKey }, query: { limit: 100 } })).text);
      texts.push(await openapi().text());
    } finally {
      process.env.CL2C_QUIET_LOGS = quiet;
    }
    expect(logged.some((l) => l.includes('token transfer recorded'))).toBe(true);
    expect(logged.some((l) => l.includes('token transfer failed'))).toBe(true);
    for (const text of [...texts, ...logged]) {
      const lower = text.toLowerCase();
      for (const secret of secrets) expect(lower.includes(secret)).toBe(false);
    }
  });
});

describe('console transfer history GET /console/transfers', () => {
  let histOrg: Org;
  let alice: Awaited<ReturnType<typeof addMember>>;
  beforeAll(async () => {
    histOrg = await createTestOrg();
    alice = await addMember(histOrg.organization.id, `alice${crypto.randomUUID().slice(0, 4)}`);
    const bob = await addMember(histOrg.organization.id, `bob${crypto.randomUUID().slice(0, 4)}`);
    for (const [m, amount, tokenType] of [
      [alice, 1, 'mainnet'],
      [bob, 2, 'faucet'],
      [alice, 3, 'mainnet'],
    ] as const) {
      const res = await send({ memberId: m.membershipId, amount, tokenType }, {}, histOrg.apiKey);
      expect(res.status).toBe(200);
    }
  });
  const list = (query: Record<string, string | number> = {}, key = histOrg.apiKey) =>
    call(listTransfers, { headers: { 'x-api-key': key }, query });

  it('lists newest first with the member’s e-mail, paginated', async () => {
    const res = await list({ limit: 2 });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrev: false });
    expect(res.json.data.map((t: { amount: string }) => t.amount)).toEqual(['3', '2']);
    expect(res.json.data[0]).toMatchObject({
      memberId: alice.membershipId,
      memberEmail: alice.email,
      toAddress: alice.walletAddress,
      tokenType: 'mainnet',
      status: 'SIGNED',
      broadcast: false,
      chain: 'local',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const page2 = await list({ limit: 2, page: 2 });
    expect(page2.json.data.map((t: { amount: string }) => t.amount)).toEqual(['1']);
    const oldest = await list({ sortBy: 'createdAt', sortOrder: 'asc' });
    expect(oldest.json.data.map((t: { amount: string }) => t.amount)).toEqual(['1', '2', '3']);
  });

  it('filters by token type and searches the member’s e-mail; other organizations see nothing of it', async () => {
    const faucet = await list({ tokenType: 'faucet' });
    expect(faucet.json.data.map((t: { amount: string }) => t.amount)).toEqual(['2']);
    const search = await list({ search: alice.email.toUpperCase() });
    expect(search.json.data.map((t: { amount: string }) => t.amount)).toEqual(['3', '1']);
    expect(search.json.filters).toMatchObject({ search: alice.email.toUpperCase(), tokenType: null, status: null });
    const foreign = await list({}, other.apiKey);
    expect(foreign.json.data.every((t: { memberEmail: string }) => t.memberEmail !== alice.email)).toBe(true);
  });

  it('400 for a bad query value', async () => {
    expect((await list({ status: 'DONE' })).status).toBe(400);
    expect((await list({ limit: 101 })).status).toBe(400);
    expect((await list({ sortBy: 'amount' })).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents A14 with the Idempotency-Key header and the extra response fields', async () => {
    const doc = await openapi().json();
    const op = doc.paths['/cl2c/token'].post;
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['memberId', 'amount']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '502']));
    expect(doc.components.schemas.TokenSendResult.properties).toHaveProperty('broadcast');
    expect(doc.components.schemas.TokenSendResult.properties).toHaveProperty('note');
    expect(doc.paths['/console/transfers'].get).toBeDefined();
  });
});
