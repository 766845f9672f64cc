import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents } from '@/lib/storage/tables';
import { NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { getStore } from '@/lib/storage/current';
import { createOrganization } from '@/lib/tenants/service';
import { listApiKeysQuery } from './schemas';
import { createApiKey, findActiveKey, issueApiKey, listApiKeysPage, revokeApiKey, revokeOrganizationKey } from './service';

/* API keys on the engine of this run (both Vitest projects run this file). */
type Org = Awaited<ReturnType<typeof createOrganization>>;
let org: Org;
let other: Org;
const actorOf = (o: Org, requestId = crypto.randomUUID()): Actor => ({ kind: 'user', userId: o.admin.id, organizationId: o.organization.id, requestId });
const newOrg = async (name: string) =>
  createOrganization(await getStore(), { name, adminEmail: `${crypto.randomUUID().slice(0, 8)}@example.test`, adminPassword: 'correct horse battery' });

beforeAll(async () => {
  org = await newOrg('Keys Org');
  other = await newOrg('Other Org');
});

describe('a key is found only while active, in its family, and is stored hashed', () => {
  it('finds it; not in the other family, not once revoked, not once expired', async () => {
    const store = await getStore();
    const base = { organizationId: org.organization.id, userId: org.admin.id };
    const k = await createApiKey(store, { ...base, family: 'A', name: 'probe' });
    const [row] = await store.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(Object.values(row!).map(String)).not.toContain(k.key);
    expect(row!.prefix).toBe(k.key.slice(0, 12));

    const found = await findActiveKey(store, k.key, 'A');
    expect(found?.id).toBe(k.id);
    const [used] = await store.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
    expect(await findActiveKey(store, k.key, 'B')).toBeNull();
    expect(await findActiveKey(store, `${k.key}x`, 'A')).toBeNull();

    const revoked = await revokeApiKey(store, k.id);
    expect(await findActiveKey(store, k.key, 'A')).toBeNull();
    // Revoking again answers the first revocation.
    expect((await revokeApiKey(store, k.id)).revokedAt.getTime()).toBe(revoked.revokedAt.getTime());

    const expired = await createApiKey(store, { ...base, family: 'B', name: 'old', expiresAt: new Date(Date.now() - 1000) });
    expect(await findActiveKey(store, expired.key, 'B')).toBeNull();
  });
});

describe('issuing and revoking from the console', () => {
  it('issues a key with its audit event in the same transaction', async () => {
    const store = await getStore();
    const actor = actorOf(org);
    const issued = await issueApiKey(store, actor, { family: 'B', name: 'Mobile app' });
    expect(issued).toMatchObject({ family: 'B', name: 'Mobile app', expiresAt: null, key: expect.stringMatching(/^cl2c_b_/) });
    const events = await store.select().from(auditEvents).where(and(eq(auditEvents.entityId, issued.id), eq(auditEvents.action, 'api_key.create')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ organizationId: org.organization.id, actorType: 'user', actorId: org.admin.id, requestId: actor.requestId });
    expect(events[0]!.data).toEqual({ family: 'B', prefix: issued.prefix, name: 'Mobile app' });
  });

  it("another organization's key is not found (404) and nothing is written", async () => {
    const store = await getStore();
    const theirs = await issueApiKey(store, actorOf(other), { family: 'A', name: 'theirs' });
    const actor = actorOf(org);
    await expect(revokeOrganizationKey(store, actor, theirs.id)).rejects.toThrow(NotFoundError);
    expect(await findActiveKey(store, theirs.key, 'A')).not.toBeNull();
    expect(await store.select().from(auditEvents).where(eq(auditEvents.requestId, actor.requestId))).toHaveLength(0);

    const ours = await issueApiKey(store, actor, { family: 'A', name: 'ours' });
    const result = await revokeOrganizationKey(store, actor, ours.id);
    expect(result).toMatchObject({ id: ours.id, message: 'API key revoked.' });
    expect(await findActiveKey(store, ours.key, 'A')).toBeNull();
  });
});

describe('the console list', () => {
  it('filters by family, status and search, sorts, pages with an exact total, and shows only the organization', async () => {
    const store = await getStore();
    const o = await newOrg('List Org');
    const actor = actorOf(o);
    const names = ['alpha reader', 'beta writer', 'gamma reader', 'delta'];
    for (const name of names) await issueApiKey(store, actor, { family: name.includes('reader') ? 'B' : 'A', name });
    const gone = await issueApiKey(store, actor, { family: 'A', name: 'revoked one' });
    await revokeOrganizationKey(store, actor, gone.id);
    const page = (q: Record<string, string>) => listApiKeysPage(store, o.organization.id, listApiKeysQuery.parse(q));

    const all = await page({ limit: '100' });
    // The two provisioned keys, the four above and the revoked one; none of the other organizations'.
    expect(all.pagination.total).toBe(7);
    expect(all.data.every((k) => k.owner.id === o.admin.id)).toBe(true);

    const readers = await page({ search: 'READER', sortBy: 'name', sortOrder: 'asc' });
    expect(readers.data.map((k) => k.name)).toEqual(['alpha reader', 'gamma reader']);
    expect((await page({ family: 'B', status: 'active' })).pagination.total).toBe(3);
    const revoked = await page({ status: 'revoked' });
    expect(revoked.data.map((k) => [k.name, k.status])).toEqual([['revoked one', 'revoked']]);

    const first = await page({ limit: '3', page: '1', sortBy: 'name', sortOrder: 'desc' });
    const second = await page({ limit: '3', page: '2', sortBy: 'name', sortOrder: 'desc' });
    expect(first.pagination).toMatchObject({ total: 7, totalPages: 3 });
    expect([...first.data, ...second.data].map((k) => k.name)).toEqual(
      [...all.data.map((k) => k.name)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)).slice(0, 6),
    );
  });
});
