import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invitations, userOrganizations, users, wallets } from '@/lib/storage/tables';
import { createApiKey } from '@/lib/api-keys/service';
import { call, createTestOrg } from '@/test/helpers';
import { GET as getUser } from '../users/[id]/route';
import { GET as listUsers } from '../users/route';
import { POST, PUT } from './route';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';

let store: Store;
/** The first row of a query (what `.get()` was on SQLite's synchronous handle). */
const one = async <T,>(rows: PromiseLike<T[]>): Promise<T | undefined> => (await rows)[0];
let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
const headers = (o = org) => ({ tenant: o.organization.tenant, 'X-API-Key': o.tenantApiKey });

let n = 0;
const person = (over: Record<string, unknown> = {}) => {
  n += 1;
  const tag = `${n}${crypto.randomUUID().slice(0, 6)}`;
  return { firstName: 'Grace', lastName: 'Hopper', email: `grace${tag}@Example.test`, userName: `grace.${tag}`, ...over };
};
const create = (body: unknown, o = org) => call(POST, { method: 'POST', path: '/v1/cl2c/user', headers: headers(o), body });
const update = (body: unknown, h: Record<string, string> = headers()) => call(PUT, { method: 'PUT', path: '/v1/cl2c/user', headers: h, body });

beforeAll(async () => {
  store = await getStore();
  org = await createTestOrg();
  other = await createTestOrg();
});

describe('B5 POST /v1/cl2c/user', () => {
  it('creates a registered user with wallet and ACTIVE membership, accepting a pending invitation (200)', async () => {
    const db = store;
    const body = person();
    await db
      .insert(invitations)
      .values({ organizationId: org.organization.id, email: body.email.toLowerCase(), tokenHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + 1e7) });
    const res = await create(body);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      userName: body.userName,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: body.email.toLowerCase(),
      emailConfirmed: false,
      authenticated: false,
      authValidUpto: null,
      authLocation: null,
      phoneNumber: null,
    });
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const membership = await one(db.select().from(userOrganizations).where(eq(userOrganizations.userId, res.json.id)));
    expect(membership).toMatchObject({ organizationId: org.organization.id, status: 'ACTIVE' });
    expect((await one(db.select().from(wallets).where(eq(wallets.userId, res.json.id))))?.address).toBe(res.json.walletAddress);
    const invite = await one(db.select().from(invitations).where(eq(invitations.email, body.email.toLowerCase())));
    expect(invite).toMatchObject({ status: 'ACCEPTED', userOrganizationId: membership!.id });
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.entityId, res.json.id));
    expect(audit.map((a) => a.action)).toContain('user.create');
  });

  it('409 default body on a duplicate e-mail (any case), user name (any case) or phone', async () => {
    const first = person({ phoneNumber: '+15551230001' });
    expect((await create(first)).status).toBe(200);
    const dupes = [
      person({ email: first.email.toUpperCase() }),
      person({ userName: first.userName.toUpperCase() }),
      person({ phoneNumber: '+1 555 123 0001' }),
    ];
    for (const body of dupes) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.json).toMatchObject({ statusCode: 409, source: 'CreateUser' });
      expect(res.json.messages[0]).toMatch(/already registered|taken/);
      expect(res.json.errorId).toMatch(/^[0-9a-f-]{36}$/);
    }
    // A registered user of another tenant keeps the e-mail too (users are global) — and the answer
    // is the very same as inside the tenant: it never says where the person is registered (issue 26 low item).
    const here = await create({ ...person(), email: first.email });
    const there = await create({ ...person(), email: first.email }, other);
    expect(there.status).toBe(409);
    expect(there.json.messages).toEqual(here.json.messages);
    const nameThere = await create({ ...person(), userName: first.userName }, other);
    expect(nameThere.json.messages).toEqual([here.json.messages[0], `userName: ${first.userName} is not available for a new registration`]);
  });

  it('an unfinished user row that another organization relies on is not completed (or taken over) by B5', async () => {
    const db = store;
    const email = `half-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const [row] = await db.insert(users).values({ email, name: 'Half', firstName: 'Half', lastName: 'Done' }).returning();
    await db.insert(userOrganizations).values({ organizationId: other.organization.id, userId: row!.id, status: 'ACTIVE' });
    const res = await create(person({ email, firstName: 'Mallory' }));
    expect(res.status).toBe(409);
    expect((await one(db.select().from(users).where(eq(users.id, row!.id))))).toMatchObject({ firstName: 'Half', isRegistered: false });
  });

  it('400 ProblemDetails keyed by field for invalid input', async () => {
    const res = await create({ firstName: '', lastName: 'x'.repeat(76), email: 'nope', userName: 'ab', phoneNumber: 'call me' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, title: 'One or more validation errors occurred.' });
    expect(Object.keys(res.json.errors).sort()).toEqual(['email', 'firstName', 'lastName', 'phoneNumber', 'userName']);
    expect(res.json.errors.userName[0]).toMatch(/at least 6/);
    const missing = await create({});
    expect(Object.keys(missing.json.errors).sort()).toEqual(['email', 'firstName', 'lastName', 'userName']);
    const badChars = await create(person({ userName: 'has space' }));
    expect(badChars.json.errors.userName[0]).toMatch(/letters, digits/);
  });

  it('an empty phone number means none', async () => {
    const res = await create(person({ phoneNumber: '' }));
    expect(res.status).toBe(200);
    expect(res.json.phoneNumber).toBeNull();
  });
});

describe('B3 GET /v1/cl2c/users and B4 GET /v1/cl2c/users/{id}', () => {
  it('lists the tenant’s users as a plain array without authValidUpto/authLocation', async () => {
    const created = (await create(person())).json;
    const theirs = (await create(person(), other)).json;
    const res = await call(listUsers, { headers: headers() });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    const ids = res.json.map((u: any) => u.id);
    expect(ids).toContain(org.admin.id);
    expect(ids).toContain(created.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(other.admin.id);
    const item = res.json.find((u: any) => u.id === created.id);
    expect(Object.keys(item).sort()).toEqual(
      ['authenticated', 'email', 'emailConfirmed', 'firstName', 'id', 'lastName', 'phoneNumber', 'userName', 'walletAddress'].sort(),
    );
  });

  it('B4 returns the profile; unknown, malformed or other tenant’s ids are 404', async () => {
    const created = (await create(person())).json;
    const res = await call(getUser, { headers: headers(), params: { id: created.id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(created);
    const db = store;
    const until = new Date(Date.now() + 3_600_000);
    await db.update(users).set({ authValidUpto: until, authLocation: 'Lisbon' }).where(eq(users.id, created.id));
    const authed = await call(getUser, { headers: headers(), params: { id: created.id.toUpperCase() } });
    expect(authed.json).toMatchObject({ authenticated: true, authValidUpto: until.toISOString(), authLocation: 'Lisbon' });
    for (const id of [crypto.randomUUID(), 'not-an-id', other.admin.id]) {
      const miss = await call(getUser, { headers: headers(), params: { id } });
      expect(miss.status, id).toBe(404);
      expect(miss.json).toMatchObject({ statusCode: 404, source: 'GetUser', messages: ['User not found.'] });
    }
  });

  it('401 for every B route with a key of tenant A and the tenant header of B', async () => {
    const h = { tenant: other.organization.tenant, 'X-API-Key': org.tenantApiKey };
    expect((await call(listUsers, { headers: h })).status).toBe(401);
    expect((await call(getUser, { headers: h, params: { id: other.admin.id } })).status).toBe(401);
    expect((await call(POST, { method: 'POST', headers: h, body: person() })).status).toBe(401);
    expect((await update({ id: org.admin.id, firstName: 'X' }, h)).status).toBe(401);
    expect((await call(listUsers, { headers: { tenant: org.organization.tenant, 'X-API-Key': org.apiKey } })).status).toBe(401);
  });
});

describe('B6 PUT /v1/cl2c/user', () => {
  it('updates the key owner: names, phone and push token (stored); omitted fields stay', async () => {
    const res = await update({ id: org.admin.id, firstName: 'Ada', lastName: 'King', phoneNumber: '+15557770001', pushToken: 'ExponentPushToken[abc]' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: org.admin.id, firstName: 'Ada', lastName: 'King', phoneNumber: '+15557770001' });
    const row = await one(store.select().from(users).where(eq(users.id, org.admin.id)));
    expect(row).toMatchObject({ pushToken: 'ExponentPushToken[abc]', name: 'Ada King' });

    const again = await update({ id: org.admin.id.toUpperCase(), lastName: 'Lovelace' });
    expect(again.json).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '+15557770001' });
    const cleared = await update({ id: org.admin.id, phoneNumber: null, pushToken: '' });
    expect(cleared.json.phoneNumber).toBeNull();
    expect((await one(store.select().from(users).where(eq(users.id, org.admin.id))))?.pushToken).toBeNull();
  });

  it('403 default body when id is not the key owner', async () => {
    const someone = (await create(person())).json;
    for (const id of [someone.id, crypto.randomUUID(), 'me']) {
      const res = await update({ id, firstName: 'Mallory' });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ statusCode: 403, source: 'UpdateUser' });
    }
    expect((await one(store.select().from(users).where(eq(users.id, someone.id))))?.firstName).toBe('Grace');
  });

  it('a key owned by another user updates that user', async () => {
    const member = (await create(person())).json;
    const key = await createApiKey(await getStore(), { organizationId: org.organization.id, userId: member.id, family: 'B', name: 'member' });
    const h = { tenant: org.organization.tenant, 'X-API-Key': key.key };
    const res = await update({ id: member.id, firstName: 'Member' }, h);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.id, firstName: 'Member' });
    expect((await update({ id: org.admin.id, firstName: 'Member' }, h)).status).toBe(403);
  });

  it('409 on a phone number of another user, 400 on invalid input', async () => {
    const someone = (await create(person({ phoneNumber: '+15559990001' }))).json;
    expect(someone.phoneNumber).toBe('+15559990001');
    const dup = await update({ id: org.admin.id, phoneNumber: '+15559990001' });
    expect(dup.status).toBe(409);
    const bad = await update({ firstName: '', pushToken: 'x'.repeat(513) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['firstName', 'id', 'pushToken']);
  });
});
