import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET, POST } from '@/app/api/auth/[...all]/route';
import { auditEvents } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { resetEnvCache } from '@/lib/env';
import { PEER_HEADER } from '@/lib/http/client-address';
import { createTestOrg } from '@/test/helpers';
import { FREE_FAILURES } from './sign-in-guard';

type Org = Awaited<ReturnType<typeof createTestOrg>>;

/** A sign-in as our server forwards it: the TCP peer in PEER_HEADER plus whatever XFF the client sent. */
function signIn(email: string, password: string, peer: string, forwardedFor?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: 'http://127.0.0.1:3999',
    [PEER_HEADER]: peer,
  };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return POST(
    new Request('http://127.0.0.1:3999/api/auth/sign-in/email', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    }),
  );
}

let org: Org;
beforeAll(async () => {
  process.env.SIGNIN_MAX_PER_MINUTE = '10';
  resetEnvCache();
  org = await createTestOrg();
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.TRUSTED_PROXIES;
  resetEnvCache();
});

describe('sign-in client address', () => {
  it('an untrusted peer rotating X-Forwarded-For is still one address: 429 after the budget', async () => {
    const victim = await createTestOrg();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Different accounts, so only the per-address budget (10/min) can stop this.
      const res = await signIn(`nobody-${i}@example.test`, 'guess', '198.51.100.7', `10.9.${i}.1`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another peer is unaffected, and the right password works there.
    expect((await signIn(victim.admin.email, 'correct horse battery', '198.51.100.8')).status).toBe(200);
  });

  it("a trusted proxy's X-Forwarded-For is honoured: each forwarded client has its own budget", async () => {
    process.env.TRUSTED_PROXIES = '10.0.0.0/8';
    resetEnvCache();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await signIn(`someone-${i}@example.test`, 'guess', '10.1.1.1', `203.0.113.${i + 1}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(12).fill(401));
    // A client-written hop left of the proxy's entry is ignored: the right-most untrusted hop counts.
    for (let i = 0; i < 10; i++) await signIn(`x-${i}@example.test`, 'guess', '10.1.1.1', `1.2.3.${i}, 203.0.113.200`);
    expect((await signIn('y@example.test', 'guess', '10.1.1.1', '1.2.3.99, 203.0.113.200')).status).toBe(429);
  });
});

describe('per-account back-off', () => {
  it('locks the account for the guessing address only, tells when, audits, and unlocks by time', async () => {
    const own = await createTestOrg();
    const email = own.admin.email;
    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES; i++) statuses.push((await signIn(email, 'wrong', '192.0.2.10')).status);
    expect(statuses).toEqual(Array(FREE_FAILURES).fill(401));
    // Locked for this address, even with the right password.
    const locked = await signIn(email, 'correct horse battery', '192.0.2.10');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect(((await locked.json()) as { message: string }).message).toMatch(/locked until \d\d:\d\d UTC/);
    // The owner at another address still gets in.
    expect((await signIn(email, 'correct horse battery', '192.0.2.11')).status).toBe(200);

    const events = (
      await (await getStore())
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, own.organization.id), eq(auditEvents.entityId, own.admin.id)))
    ).map((e) => e.action);
    expect(events.filter((a) => a === 'auth.sign_in_failed')).toHaveLength(FREE_FAILURES);
    expect(events.filter((a) => a === 'auth.sign_in_locked')).toHaveLength(1);

    // The lock ends by time: 31 s later the right password works from the guessing address too.
    vi.useFakeTimers({ now: Date.now() + 31_000, toFake: ['Date'] });
    expect((await signIn(email, 'correct horse battery', '192.0.2.10')).status).toBe(200);
  });

  it('doubles the back-off on each further failure', async () => {
    const own = await createTestOrg();
    for (let i = 0; i < FREE_FAILURES; i++) await signIn(own.admin.email, 'wrong', '192.0.2.20');
    vi.useFakeTimers({ now: Date.now() + 31_000, toFake: ['Date'] });
    expect((await signIn(own.admin.email, 'wrong again', '192.0.2.20')).status).toBe(401);
    const res = await signIn(own.admin.email, 'correct horse battery', '192.0.2.20');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(55);
  });
});

describe('sign-in response', () => {
  it('carries the session only as a cookie, never the token in the body', async () => {
    const res = await signIn(org.admin.email, 'correct horse battery', '192.0.2.30');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(body.user).toMatchObject({ email: org.admin.email });
  });
});

describe('account-wide lock (distributed guessing)', () => {
  it('50 failures from many addresses lock the account, but not for an address that signed in before', async () => {
    const own = await createTestOrg();
    const email = own.admin.email;
    expect((await signIn(email, 'correct horse battery', '192.0.2.200')).status).toBe(200); // the owner's usual address
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < FREE_FAILURES; i++) await signIn(email, 'guess', `198.18.0.${a + 1}`);
    }
    // A fresh address meets the account lock even with the right password …
    const fresh = await signIn(email, 'correct horse battery', '198.18.1.1');
    expect(fresh.status).toBe(429);
    expect(((await fresh.json()) as { message: string }).message).toMatch(/locked until/);
    // … the owner's known address does not.
    expect((await signIn(email, 'correct horse battery', '192.0.2.200')).status).toBe(200);
  });
});

/** A sign-in in another encoding, exactly as issue 26 finding 1 sent it. */
function signInEncoded(kind: 'form' | 'multipart', email: string, password: string, peer: string) {
  const headers: Record<string, string> = { origin: 'http://127.0.0.1:3999', [PEER_HEADER]: peer };
  let body: string | FormData;
  if (kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({ email, password }).toString();
  } else {
    body = new FormData();
    body.set('email', email);
    body.set('password', password);
  }
  return POST(new Request('http://127.0.0.1:3999/api/auth/sign-in/email', { method: 'POST', headers, body }));
}

describe('one guard whatever the encoding (issue 26 finding 1)', () => {
  it('form-urlencoded and multipart failures lock the account like JSON ones, and are audited', async () => {
    const own = await createTestOrg();
    const email = own.admin.email;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await signInEncoded('form', email, 'wrong', '192.0.2.60')).status);
    for (let i = 0; i < 2; i++) statuses.push((await signInEncoded('multipart', email, 'wrong', '192.0.2.60')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The lock counts every encoding: JSON, form and multipart are all refused now, even with the right password.
    expect((await signIn(email, 'correct horse battery', '192.0.2.60')).status).toBe(429);
    expect((await signInEncoded('form', email, 'correct horse battery', '192.0.2.60')).status).toBe(429);
    expect((await signInEncoded('multipart', email, 'correct horse battery', '192.0.2.60')).status).toBe(429);
    const events = await (await getStore())
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, own.organization.id), eq(auditEvents.entityId, own.admin.id)));
    expect(events.filter((e) => e.action === 'auth.sign_in_failed')).toHaveLength(FREE_FAILURES);
    expect(events.filter((e) => e.action === 'auth.sign_in_locked')).toHaveLength(1);
  });

  it('120 form failures from 120 trusted-proxy addresses lock the account (distributed guessing)', async () => {
    process.env.TRUSTED_PROXIES = '127.0.0.1';
    resetEnvCache();
    const own = await createTestOrg();
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i++) {
      const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://127.0.0.1:3999',
        [PEER_HEADER]: '127.0.0.1',
        'x-forwarded-for': `198.19.${Math.floor(i / 200)}.${(i % 200) + 1}`,
      };
      const res = await POST(
        new Request('http://127.0.0.1:3999/api/auth/sign-in/email', {
          method: 'POST',
          headers,
          body: `email=${encodeURIComponent(own.admin.email)}&password=guess-${i}`,
        }),
      );
      statuses.add(res.status);
    }
    expect(statuses).toEqual(new Set([401, 429]));
    const locked = await (await getStore())
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, own.organization.id), eq(auditEvents.action, 'auth.sign_in_locked')));
    expect(locked.length).toBeGreaterThanOrEqual(1);
  });

  it('a field given twice, a file, or an unknown encoding is refused before any password check', async () => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:3999', [PEER_HEADER]: '192.0.2.61' };
    const twice = await POST(
      new Request('http://127.0.0.1:3999/api/auth/sign-in/email', {
        method: 'POST',
        headers,
        body: `email=a%40example.test&email=${encodeURIComponent(org.admin.email)}&password=correct+horse+battery`,
      }),
    );
    expect(twice.status).toBe(400);
    const text = await POST(
      new Request('http://127.0.0.1:3999/api/auth/sign-in/email', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: JSON.stringify({ email: org.admin.email, password: 'correct horse battery' }),
      }),
    );
    expect(text.status).toBe(415);
  });

  it('routes the app does not use are not exposed (404), e.g. sign-up and verify-password', async () => {
    for (const path of ['/sign-up/email', '/verify-password', '/delete-user', '/update-user', '/change-email']) {
      const res = await POST(
        new Request(`http://127.0.0.1:3999/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999', [PEER_HEADER]: '192.0.2.62' },
          body: JSON.stringify({ email: 'x@example.test', password: 'whatever pass' }),
        }),
      );
      expect(res.status, path).toBe(404);
    }
  });
});

describe('no session token in any answer (issue 26 low item)', () => {
  it('GET /api/auth/list-sessions and /get-session carry no token', async () => {
    const login = await signIn(org.admin.email, 'correct horse battery', '192.0.2.63');
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    for (const path of ['/list-sessions', '/get-session']) {
      const res = await GET(new Request(`http://127.0.0.1:3999/api/auth${path}`, { headers: { cookie, [PEER_HEADER]: '192.0.2.63' } }));
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toMatch(/"token"/);
    }
  });
});
