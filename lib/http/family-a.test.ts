import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GET, POST } from '@/app/api/v1/cl2c/contract/route';
import { setPassword } from '@/lib/auth/passwords';
import { getAuth } from '@/lib/auth/server';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { resetEnvCache } from '@/lib/env';
import { call, createTestOrg } from '@/test/helpers';
import { familyA } from './family-a';
import { getStore } from '@/lib/storage/current';

let org: Awaited<ReturnType<typeof createTestOrg>>;
beforeAll(async () => {
  org = await createTestOrg();
});

async function signIn(email: string, password: string) {
  const res = await (await getAuth()).api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { status: res.status, cookie };
}

describe('admin session cookie in place of x-api-key', () => {
  it('reads with the cookie; writes need a same-origin request', async () => {
    const { status, cookie } = await signIn(org.admin.email, 'correct horse battery');
    expect(status).toBe(200);
    expect(cookie).toMatch(/session_token=/);

    expect((await call(GET, { headers: { cookie } })).status).toBe(200);

    const body = { name: 'From console', symbol: 'CON' };
    const crossSite = await call(POST, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' }, body });
    expect(crossSite.status).toBe(403);
    const noOrigin = await call(POST, { method: 'POST', headers: { cookie }, body });
    expect(noOrigin.status).toBe(403);
    const foreignOrigin = await call(POST, { method: 'POST', headers: { cookie, origin: 'https://evil.example', host: '127.0.0.1:3999' }, body });
    expect(foreignOrigin.status).toBe(403);
    const sameOrigin = await call(POST, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin' }, body });
    expect(sameOrigin.status).toBe(201);
    const byOrigin = await call(POST, { method: 'POST', headers: { cookie, origin: 'http://127.0.0.1:3999', host: '127.0.0.1:3999' }, body: { ...body, symbol: 'CON2' } });
    expect(byOrigin.status).toBe(201);
  });

  it('refuses a wrong password and a bogus cookie', async () => {
    expect(await signIn(org.admin.email, 'wrong password!')).toEqual({ status: 401, cookie: '' });
    expect((await call(GET, { headers: { cookie: 'better-auth.session_token=forged' } })).status).toBe(401);
  });

  it('a MEMBER (not OWNER/ADMIN) may sign in to prove who they are, but their session is no API credential (401)', async () => {
    const { user } = await (await getStore()).transaction((tx) =>
      registerUserInOrganizationIn(tx, org.organization.id, {
        email: 'plain.member@example.test',
        firstName: 'Plain',
        lastName: 'Member',
        userName: 'plain.member',
      }),
    );
    await setPassword(await getStore(), user.id, 'member password 1');
    const res = await signIn('plain.member@example.test', 'member password 1');
    expect(res.status).toBe(200);
    expect((await call(GET, { headers: { cookie: res.cookie } })).status).toBe(401);
    const write = await call(POST, { method: 'POST', headers: { cookie: res.cookie, 'sec-fetch-site': 'same-origin' }, body: { name: 'Member', symbol: 'MEM' } });
    expect(write.status).toBe(401);
  });

  it('an API key request needs no cookie and no origin', async () => {
    const res = await call(POST, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { name: 'Key', symbol: 'KEY' } });
    expect(res.status).toBe(201);
  });
});

describe('unexpected errors', () => {
  it('500 with a generic body, the request id, and no stack trace', async () => {
    const handler = familyA({}, () => {
      throw new Error('database exploded at /secret/path.ts:12');
    });
    const res = await call(handler, { headers: { 'x-api-key': org.apiKey } });
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(res.json).toEqual({ error: 'Internal server error.', details: [`requestId: ${requestId}`] });
    expect(res.text).not.toMatch(/exploded|secret|\.ts/);
  });

  it('400 lists every issue of a body, one line per field', async () => {
    const handler = familyA({ body: z.strictObject({ a: z.string(), b: z.number() }) }, () => ({}));
    const res = await call(handler, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { b: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json.details).toHaveLength(2);
    expect(res.json.details[0]).toMatch(/^a: /);
    expect(res.json.details[1]).toMatch(/^b: /);
  });
});

describe('rate limiting', () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_PER_MINUTE;
    resetEnvCache();
  });

  it('429 with Retry-After once a key exceeds its per-minute budget', async () => {
    process.env.RATE_LIMIT_PER_MINUTE = '3';
    resetEnvCache();
    const own = await createTestOrg();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 4; i++) {
      // A client address of its own: the failed requests of the tests above spent theirs, and on
      // PostgreSQL the counts (in the database) outlive the change of limit.
      const res = await call(GET, { headers: { 'x-api-key': own.apiKey, 'x-cl2c-peer': '10.77.0.1' } });
      statuses.push(res.status);
      retryAfter = res.headers.get('retry-after');
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
