import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST } from '@/app/api/auth/[...all]/route';
import { getDb } from '@/db/client';
import { auditEvents } from '@/db/schema';
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

    const db = getDb();
    const events = db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, own.organization.id), eq(auditEvents.entityId, own.admin.id)))
      .all()
      .map((e) => e.action);
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
