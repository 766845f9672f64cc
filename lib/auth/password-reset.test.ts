/**
 * "No password yet, or forgot it?" (issue 26: people without a password prove who they are).
 * Real route handlers, a real migrated SQLite file and, where mail leaves, a real SMTP server.
 */
import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as authGET, POST as authPOST } from '@/app/api/auth/[...all]/route';
import { POST as copyrightPOST } from '@/app/api/copyright/[token]/route';
import { POST as invitePOST } from '@/app/api/invite/[token]/route';
import { POST as createNft } from '@/app/api/v1/cl2c/nft/route';
import { POST as bulkInvite } from '@/app/api/v1/cl2c/user/bulk/route';
import { GET as outboxGET } from '@/app/api/v1/console/outbox/route';
import { POST as b5 } from '@/app/v1/cl2c/user/route';
import {
  accounts,
  auditEvents,
  outboxEmails,
  sessions,
  userOrganizations,
  verifications,
} from '@/lib/storage/tables';
import { resetEnvCache } from '@/lib/env';
import { PEER_HEADER } from '@/lib/http/client-address';
import { personalMailIdle } from '@/lib/mail/personal';
import { startMailWorker, stopMailWorker } from '@/lib/mail/worker';
import { getStore } from '@/lib/storage/current';
import { mailQueueFor } from '@/lib/storage/mail-queue';
import { adminSessionHeaders, call, createTestOrg, memberSessionHeaders } from '@/test/helpers';
import { insertContract } from '@/test/nft-fixtures';
import { decodeQuotedPrintable, TestSmtp, waitFor } from '@/test/smtp';
import { RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_EMAIL } from './sign-in-guard';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let alpha: Org;
let beta: Org;
const smtp = new TestSmtp();
const BASE = 'http://127.0.0.1:3999';
let peerCounter = 0;
/** A fresh client address per test, so one test's budget use never limits another. */
const freshPeer = () => `192.0.2.${(peerCounter += 1)}`;

function authRequest(
  method: string,
  path: string,
  init: { body?: string; type?: string; peer: string; cookie?: string },
) {
  const headers: Record<string, string> = { origin: BASE, [PEER_HEADER]: init.peer };
  if (init.body !== undefined) headers['content-type'] = init.type ?? 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const req = new Request(`${BASE}/api/auth${path}`, { method, headers, body: init.body });
  return method === 'GET' ? authGET(req) : authPOST(req);
}

const requestLink = (email: string, peer: string, extra: Record<string, string> = {}) =>
  authRequest('POST', '/request-password-reset', {
    body: JSON.stringify({ email, ...extra }),
    peer,
  });
const setPassword = (token: string, newPassword: string, peer: string) =>
  authRequest('POST', '/reset-password', { body: JSON.stringify({ token, newPassword }), peer });

async function signIn(email: string, password: string, peer: string) {
  const res = await authRequest('POST', '/sign-in/email', {
    body: JSON.stringify({ email, password }),
    peer,
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, headers: { cookie, 'sec-fetch-site': 'same-origin' } };
}

let n = 0;
/** A person registered through B5 in `org`: a member with a wallet and NO password. */
async function b5User(org: Org) {
  n += 1;
  const tag = `${n}${crypto.randomUUID().slice(0, 6)}`;
  const res = await call(b5, {
    method: 'POST',
    path: '/v1/cl2c/user',
    headers: { tenant: org.organization.tenant, 'X-API-Key': org.tenantApiKey },
    body: {
      firstName: 'Nora',
      lastName: 'Nopass',
      email: `nora${tag}@example.test`,
      userName: `nora.${tag}`,
    },
  });
  expect(res.status, res.text).toBe(200);
  const user = { id: res.json.id as string, email: `nora${tag}@example.test` };
  expect((await (await getStore()).select().from(accounts).where(eq(accounts.userId, user.id)))).toEqual([]);
  return user;
}

/** The first link to `path` in a mail's text (`raw`: a message as SMTP carried it, quoted-printable). */
function linkIn(text: string, path: string, raw = false): string {
  const match = (raw ? decodeQuotedPrintable(text) : text).match(
    new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>]+`),
  );
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0].replace(/&amp;/g, '&');
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = '100000';
  resetEnvCache();
  alpha = await createTestOrg();
  beta = await createTestOrg();
  await smtp.start();
});

afterEach(async () => {
  await stopMailWorker();
  await personalMailIdle();
  delete process.env.SMTP_URL;
  resetEnvCache();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await smtp.stop();
});

function useSmtp() {
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  resetEnvCache();
}

/** Everything written to the server log (stderr) while `fn` runs, quiet-logs mode off. */
async function captureLog(fn: () => Promise<unknown>): Promise<string> {
  const saved = process.env.CL2C_QUIET_LOGS;
  process.env.CL2C_QUIET_LOGS = '0';
  let out = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
    process.env.CL2C_QUIET_LOGS = saved;
  }
  return out;
}

describe('a B5-created person without a password', () => {
  it('gets a link over SMTP, sets a password, signs in, then joins a second organization and decides on a share with that session', async () => {
    useSmtp();
    const worker = startMailWorker({ queue: mailQueueFor(await getStore()), intervalMs: 50 });
    expect(worker).not.toBeNull();
    const nora = await b5User(alpha);
    const peer = freshPeer();
    // Without a password nobody can sign in as her (no credential account).
    expect((await signIn(nora.email, 'whatever password', peer)).status).toBe(401);

    const asked = await requestLink(nora.email.toUpperCase(), peer, { redirectTo: '/invite/abc' });
    expect(asked.status).toBe(200);
    await personalMailIdle();
    const mail = await waitFor(() =>
      smtp.to(nora.email).find((m) => m.raw.includes('reset-password')),
    );
    expect(mail.raw).toMatch(/Subject: Set your CL2C password/);
    const link = linkIn(mail.raw, '/reset-password', true);
    expect(link.startsWith(`${BASE}/reset-password?token=`)).toBe(true);
    expect(new URL(link).searchParams.get('next')).toBe('/invite/abc');
    // The database keeps only the token's hash: the raw token is nowhere in it.
    const token = tokenOf(link);
    const rows = (await (await getStore()).select().from(verifications));
    expect(rows.some((v) => v.identifier.includes(token))).toBe(false);
    expect(
      (await (await getStore())
        .select()
        .from(outboxEmails)
        .where(like(outboxEmails.text, `%${token}%`))
        ),
    ).toEqual([]);

    expect((await setPassword(token, 'nora picks a password', peer)).status).toBe(200);
    expect(
      (await (await getStore())
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, nora.id), eq(accounts.providerId, 'credential')))
        ),
    ).toHaveLength(1);
    const session = await signIn(nora.email, 'nora picks a password', peer);
    expect(session.status).toBe(200);

    // Organization beta invites her; the mail reaches her over SMTP.
    const invited = await call(bulkInvite, {
      method: 'POST',
      headers: { 'x-api-key': beta.apiKey },
      body: { users: [{ email: nora.email }] },
    });
    expect(invited.json.data.summary.invited, invited.text).toBe(1);
    const invitation = await waitFor(() =>
      smtp.to(nora.email).find((m) => m.raw.includes('/invite/')),
    );
    const inviteToken = linkIn(invitation.raw, '/invite/', true).split('/invite/')[1]!;
    // The link alone is not her; her own session is.
    expect(
      (await call(invitePOST, { method: 'POST', params: { token: inviteToken }, body: {} })).status,
    ).toBe(401);
    const joined = await call(invitePOST, {
      method: 'POST',
      params: { token: inviteToken },
      headers: session.headers,
      body: {},
    });
    expect(joined.status, joined.text).toBe(200);
    const membership = (await (await getStore())
      .select()
      .from(userOrganizations)
      .where(
        and(
          eq(userOrganizations.userId, nora.id),
          eq(userOrganizations.organizationId, beta.organization.id),
        ),
      )
      )[0]!;
    expect(membership.status).toBe('ACTIVE');

    // Beta asks her to authorize a copyright share; she decides with the same session.
    const contract = await insertContract(beta.organization.id);
    const nft = await call(createNft, {
      method: 'POST',
      headers: { 'x-api-key': beta.apiKey },
      body: {
        name: `Nora's ${crypto.randomUUID().slice(0, 6)}`,
        smartContractId: contract.id,
        copyright: [{ userId: nora.id, percentage: 100 }],
      },
    });
    expect(nft.status, nft.text).toBe(201);
    const request = await waitFor(() =>
      smtp.to(nora.email).find((m) => m.raw.includes('/copyright/')),
    );
    const copyrightToken = linkIn(request.raw, '/copyright/', true).split('/copyright/')[1]!;
    const decided = await call(copyrightPOST, {
      method: 'POST',
      params: { token: copyrightToken },
      headers: session.headers,
      body: { decision: 'AUTHORIZE', location: 'Lisbon, Portugal' },
    });
    expect(decided.status, decided.text).toBe(200);
    const sessionRow = (await (await getStore()).select().from(sessions).where(eq(sessions.userId, nora.id)))[0]!;
    const sessionHash = createHash('sha256').update(sessionRow.id).digest('hex').slice(0, 16);
    const event = (await (await getStore())
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, nft.json.id), eq(auditEvents.action, 'copyright.authorize')),
      )
      )[0]!;
    expect((event.data as { evidence: string }).evidence).toContain(
      `session of user ${nora.id}, session id hash ${sessionHash}`,
    );
  });
});

describe('the mail is the person’s, not an organization’s', () => {
  it('without SMTP no Outbox ever holds the mail or its token; the server log has it at WARN, saying SMTP is not configured', async () => {
    const nora = await b5User(alpha);
    const logged = await captureLog(async () => {
      expect((await requestLink(nora.email, freshPeer())).status).toBe(200);
    });
    const line = logged
      .split('\n')
      .find((l) => l.includes(nora.email) && l.includes('reset-password'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as { level: string; message: string; text: string; to: string };
    expect(entry).toMatchObject({ level: 'warn', to: nora.email });
    expect(entry.message).toMatch(/SMTP is not configured/);
    const token = tokenOf(linkIn(entry.text, '/reset-password'));
    expect(token.length).toBeGreaterThanOrEqual(24);

    // No organization's Outbox (the console's outbox API, any of them) has it; nor has the table.
    for (const org of [alpha, beta]) {
      const box = await call(outboxGET, {
        headers: await adminSessionHeaders(org.admin.email),
        query: { search: nora.email },
      });
      expect(box.status).toBe(200);
      expect(box.json.data).toEqual([]);
    }
    expect(
      (await (await getStore())
        .select()
        .from(outboxEmails)
        .where(like(outboxEmails.text, `%${token}%`))
        ),
    ).toEqual([]);
    expect(
      (await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, nora.email))),
    ).toEqual([]);
    // The log's link works.
    expect((await setPassword(token, 'from the operator log', freshPeer())).status).toBe(200);
  });
});

describe('delivery over SMTP is retried', () => {
  it('an SMTP server that is down at the first attempt still gets the mail (back-off 5 s), and no Outbox row is made meanwhile', async () => {
    const later = new TestSmtp();
    await later.start();
    const port = later.port;
    await later.stop();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnvCache();
    const nora = await b5User(alpha);
    expect((await requestLink(nora.email, freshPeer())).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, nora.email))),
    ).toEqual([]);
    await later.start(port);
    try {
      await personalMailIdle();
      expect(later.to(nora.email)).toHaveLength(1);
      expect(decodeQuotedPrintable(later.to(nora.email)[0]!.raw)).toContain(
        '/reset-password?token=',
      );
    } finally {
      await later.stop();
    }
  }, 20_000);
});

describe('the request and the link', () => {
  it('an unknown address gets the same answer and nothing is sent or stored', async () => {
    useSmtp();
    const nora = await b5User(alpha);
    const stranger = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const before = (await (await getStore()).select().from(verifications)).length;
    const known = await requestLink(nora.email, freshPeer());
    const unknown = await requestLink(stranger, freshPeer());
    await personalMailIdle();
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect((await (await getStore()).select().from(verifications)).length).toBe(before + 1);
    await waitFor(() => smtp.to(nora.email).length > 0);
    expect(smtp.to(stranger)).toEqual([]);
  });

  it('a link works once; an expired link is refused; neither changes the password', async () => {
    const nora = await b5User(alpha);
    const peer = freshPeer();
    const first = tokenOf(linkIn(await loggedMail(nora.email, peer), '/reset-password'));
    expect((await setPassword(first, 'first password 1', peer)).status).toBe(200);
    const again = await setPassword(first, 'second password 2', peer);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('INVALID_TOKEN');
    expect((await signIn(nora.email, 'first password 1', peer)).status).toBe(200);

    const second = tokenOf(linkIn(await loggedMail(nora.email, peer), '/reset-password'));
    // An hour later (the link's lifetime), simulated on its row.
    const row = (await (await getStore()).select().from(verifications).where(eq(verifications.value, nora.id)))[0]!;
    await (await getStore())
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, row.id))
      ;
    const expired = await setPassword(second, 'too late password', peer);
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { code: string }).code).toBe('INVALID_TOKEN');
    expect((await signIn(nora.email, 'too late password', peer)).status).toBe(401);
    expect((await signIn(nora.email, 'first password 1', peer)).status).toBe(200);
  });

  it('the link lives one hour', async () => {
    const nora = await b5User(alpha);
    const start = Date.now();
    await loggedMail(nora.email, freshPeer());
    const row = (await (await getStore()).select().from(verifications).where(eq(verifications.value, nora.id)))[0]!;
    expect(row.expiresAt.getTime() - start).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - start).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it('setting a password signs out every session of the person', async () => {
    const nora = await b5User(alpha);
    const old = await memberSessionHeaders(nora, 'old password 12');
    const peer = freshPeer();
    const before = await authRequest('GET', '/get-session', { peer, cookie: old.cookie });
    expect(((await before.json()) as { user?: { id: string } } | null)?.user?.id).toBe(nora.id);
    const token = tokenOf(linkIn(await loggedMail(nora.email, peer), '/reset-password'));
    expect((await setPassword(token, 'new password 12', peer)).status).toBe(200);
    expect((await (await getStore()).select().from(sessions).where(eq(sessions.userId, nora.id)))).toEqual([]);
    const after = await authRequest('GET', '/get-session', { peer, cookie: old.cookie });
    expect(await after.json()).toBeNull();
    expect((await signIn(nora.email, 'old password 12', peer)).status).toBe(401);
  });

  it('is audited in every organization of the person, without the token', async () => {
    const nora = await b5User(alpha);
    const peer = freshPeer();
    const token = tokenOf(linkIn(await loggedMail(nora.email, peer), '/reset-password'));
    expect((await setPassword(token, 'audited password', peer)).status).toBe(200);
    const events = (await (await getStore())
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, nora.id))
      );
    const actions = events
      .filter((e) => e.action.startsWith('auth.password'))
      .map((e) => [e.action, e.organizationId]);
    expect(actions).toEqual([
      ['auth.password_reset_requested', alpha.organization.id],
      ['auth.password_reset', alpha.organization.id],
    ]);
    for (const e of events) {
      expect(JSON.stringify(e.data)).not.toContain(token);
      if (e.action.startsWith('auth.password'))
        expect(e.data).toMatchObject({ email: nora.email, clientAddress: peer });
    }
  });

  it(`is limited per e-mail (${RESET_REQUESTS_PER_EMAIL}) and per client address (${RESET_REQUESTS_PER_ADDRESS}): 429 with Retry-After, whether the account exists or not`, async () => {
    const nora = await b5User(alpha);
    for (const email of [nora.email, `ghost-${crypto.randomUUID().slice(0, 8)}@example.test`]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i += 1)
        expect((await requestLink(email, freshPeer())).status).toBe(200);
      // From yet another address, and in another encoding: still this e-mail's budget.
      const limited = await authRequest('POST', '/request-password-reset', {
        body: new URLSearchParams({ email: email.toUpperCase() }).toString(),
        type: 'application/x-www-form-urlencoded',
        peer: freshPeer(),
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const peer = freshPeer();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i += 1) {
      expect(
        (await requestLink(`spray-${i}-${crypto.randomUUID().slice(0, 6)}@example.test`, peer))
          .status,
      ).toBe(200);
    }
    const limited = await requestLink(`spray-last@example.test`, peer);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts form and multipart bodies like sign-in; the unused callback route stays 404', async () => {
    const nora = await b5User(alpha);
    const peer = freshPeer();
    const form = new FormData();
    form.set('email', nora.email);
    const multipart = new Request(`${BASE}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { origin: BASE, [PEER_HEADER]: peer },
      body: form,
    });
    const logged = await captureLog(async () =>
      expect((await authPOST(multipart)).status).toBe(200),
    );
    const token = tokenOf(linkIn(mailTextIn(logged, nora.email), '/reset-password'));
    const set = await authRequest('POST', '/reset-password', {
      body: new URLSearchParams({ token, newPassword: 'form encoded pw' }).toString(),
      type: 'application/x-www-form-urlencoded',
      peer,
    });
    expect(set.status).toBe(200);
    expect((await signIn(nora.email, 'form encoded pw', peer)).status).toBe(200);
    const callback = await authRequest('GET', `/reset-password/${token}?callbackURL=/`, { peer });
    expect(callback.status).toBe(404);
    // A redirect to another host is dropped, never put in the mail.
    const off = await captureLog(async () =>
      expect(
        (await requestLink(nora.email, freshPeer(), { redirectTo: 'https://evil.test/x' })).status,
      ).toBe(200),
    );
    expect(
      new URL(linkIn(mailTextIn(off, nora.email), '/reset-password')).searchParams.get('next'),
    ).toBeNull();
  });

  it('a too-short password is refused, naming the rule, and the link still works', async () => {
    const nora = await b5User(alpha);
    const peer = freshPeer();
    const token = tokenOf(linkIn(await loggedMail(nora.email, peer), '/reset-password'));
    const short = await setPassword(token, 'short', peer);
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toMatch(/password/i);
    expect((await setPassword(token, 'long enough now', peer)).status).toBe(200);
  });
});

/** Asks for a link without SMTP and returns the log line's mail text. */
async function loggedMail(email: string, peer: string): Promise<string> {
  const logged = await captureLog(async () =>
    expect((await requestLink(email, peer)).status).toBe(200),
  );
  return mailTextIn(logged, email);
}

/** The text of the password mail to `email` in captured log output. */
function mailTextIn(logged: string, email: string): string {
  const line = logged.split('\n').find((l) => l.includes(email) && l.includes('reset-password'));
  if (!line) throw new Error(`no password mail for ${email} in the log:\n${logged}`);
  return (JSON.parse(line) as { text: string }).text;
}
