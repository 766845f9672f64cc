import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listUsersB } from '@/app/v1/cl2c/users/route';
import { apiKeys, auditEvents } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { getAuth } from '@/lib/auth/server';
import { call, createTestOrg } from '@/test/helpers';
import { DELETE } from './[id]/route';
import { GET, POST } from './route';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
let cookie: string;
let otherCookie: string;

async function signIn(email: string) {
  const res = await (await getAuth()).api.signInEmail({ body: { email, password: 'correct horse battery' }, asResponse: true });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const session = (c = cookie) => ({ cookie: c, 'sec-fetch-site': 'same-origin' });

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  cookie = await signIn(org.admin.email);
  otherCookie = await signIn(other.admin.email);
});

describe('console API keys: session only', () => {
  it('an API key (even a valid one) cannot list, create or revoke keys', async () => {
    for (const key of [org.apiKey, org.tenantApiKey, 'nope']) {
      expect((await call(GET, { headers: { 'x-api-key': key } })).status).toBe(403);
      const create = await call(POST, { method: 'POST', headers: { 'x-api-key': key }, body: { family: 'A', name: 'x' } });
      expect(create.status).toBe(403);
      expect(create.json.error).toMatch(/sign in/);
    }
    expect((await call(GET)).status).toBe(401);
    const [keyRow] = await (await getStore()).select().from(apiKeys).where(eq(apiKeys.organizationId, org.organization.id)).limit(1);
    expect((await call(DELETE, { method: 'DELETE', headers: { 'x-api-key': org.apiKey }, params: { id: keyRow!.id } })).status).toBe(403);
  });

  it('cross-site cookie writes are refused', async () => {
    const res = await call(POST, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' }, body: { family: 'A', name: 'x' } });
    expect(res.status).toBe(403);
  });
});

describe('create, list, revoke', () => {
  it('creates a key shown once, lists it by prefix, and a revoked key stops working at once', async () => {
    const created = await call(POST, { method: 'POST', headers: session(), body: { family: 'B', name: 'Mobile app' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ family: 'B', name: 'Mobile app', expiresAt: null });
    expect(created.json.key).toMatch(/^cl2c_b_/);
    expect(created.json.prefix).toBe(created.json.key.slice(0, 12));

    const b = { tenant: org.organization.tenant, 'X-API-Key': created.json.key };
    expect((await call(listUsersB, { headers: b })).status).toBe(200);

    const list = await call(GET, { headers: session(), query: { search: created.json.prefix } });
    expect(list.status).toBe(200);
    expect(list.json.pagination.total).toBe(1);
    const item = list.json.data[0];
    expect(item).toMatchObject({ id: created.json.id, prefix: created.json.prefix, family: 'B', status: 'active', owner: { id: org.admin.id, email: org.admin.email } });
    expect(item.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.json)).not.toContain(created.json.key);
    expect(item).not.toHaveProperty('keyHash');

    const revoked = await call(DELETE, { method: 'DELETE', headers: session(), params: { id: created.json.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ id: created.json.id, message: 'API key revoked.' });
    const next = await call(listUsersB, { headers: b });
    expect(next.status).toBe(401);
    expect(next.json.statusCode).toBe(401);

    const after = await call(GET, { headers: session(), query: { status: 'revoked', family: 'B' } });
    expect(after.json.data.map((k: any) => k.id)).toContain(created.json.id);
    const actions = (await (await getStore()).select().from(auditEvents).where(eq(auditEvents.entityId, created.json.id))).map((a) => a.action);
    expect(actions.sort()).toEqual(['api_key.create', 'api_key.revoke']);
  });

  it('validates the body: family, name, an expiry in the future', async () => {
    const bad = await call(POST, { method: 'POST', headers: session(), body: { family: 'C', name: '', expiresAt: '2001-01-01T00:00:00Z' } });
    expect(bad.status).toBe(400);
    expect(bad.json.details.join('\n')).toMatch(/family/);
    expect(bad.json.details.join('\n')).toMatch(/name: is required/);
    expect(bad.json.details.join('\n')).toMatch(/expiresAt: must be in the future/);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const ok = await call(POST, { method: 'POST', headers: session(), body: { family: 'A', name: 'CI', expiresAt: future } });
    expect(ok.status).toBe(201);
    expect(ok.json.expiresAt).toBe(future);
  });

  it('an expired key is listed as expired and does not work', async () => {
    const db = await getStore();
    const created = await call(POST, { method: 'POST', headers: session(), body: { family: 'B', name: 'Short-lived' } });
    await db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, created.json.id));
    const list = await call(GET, { headers: session(), query: { status: 'expired' } });
    expect(list.json.data.map((k: any) => k.id)).toEqual([created.json.id]);
    expect(list.json.data[0].status).toBe('expired');
    expect((await call(listUsersB, { headers: { tenant: org.organization.tenant, 'X-API-Key': created.json.key } })).status).toBe(401);
  });

  it('keys of another organization are invisible and cannot be revoked (404)', async () => {
    const theirs = await call(POST, { method: 'POST', headers: session(otherCookie), body: { family: 'A', name: 'Theirs' } });
    const list = await call(GET, { headers: session(), query: { limit: 100 } });
    expect(list.json.data.map((k: any) => k.id)).not.toContain(theirs.json.id);
    const res = await call(DELETE, { method: 'DELETE', headers: session(), params: { id: theirs.json.id } });
    expect(res.status).toBe(404);
    expect((await (await getStore()).select().from(apiKeys).where(eq(apiKeys.id, theirs.json.id)))[0]?.revokedAt).toBeNull();
  });

  it('lists with sorting, family filter and bad query values → 400', async () => {
    const res = await call(GET, { headers: session(), query: { family: 'A', sortBy: 'name', sortOrder: 'asc' } });
    expect(res.status).toBe(200);
    const names = res.json.data.map((k: any) => k.name);
    expect(names).toEqual([...names].sort());
    expect(res.json.data.every((k: any) => k.family === 'A')).toBe(true);
    expect((await call(GET, { headers: session(), query: { sortBy: 'keyHash' } })).status).toBe(400);
    expect((await call(GET, { headers: session(), query: { limit: 101 } })).status).toBe(400);
  });
});
