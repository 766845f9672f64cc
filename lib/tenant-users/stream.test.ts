import { describe, expect, it } from 'vitest';
import { organizations, userOrganizations, users } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { listTenantUsers, streamTenantUsers } from './service';

describe('B3 streaming', () => {
  it('writes exactly the array listTenantUsers builds, across chunk boundaries, and [] for none', async () => {
    const store = await getStore();
    const [org] = await store.insert(organizations).values({ name: 's', tenant: `s-${crypto.randomUUID()}` }).returning();
    const [empty] = await store.insert(organizations).values({ name: 'e', tenant: `e-${crypto.randomUUID()}` }).returning();
    const at = new Date(Date.UTC(2026, 0, 1));
    // 1,203 members, many sharing one createdAt, so the keyset's id tie-break is exercised.
    const people = await store
      .insert(users)
      .values(Array.from({ length: 1203 }, (_, i) => ({ email: `s${i}-${crypto.randomUUID().slice(0, 6)}@example.test`, firstName: `F${i}` })))
      .returning({ id: users.id });
    await store
      .insert(userOrganizations)
      .values(people.map((user, i) => ({ organizationId: org!.id, userId: user.id, createdAt: new Date(at.getTime() + (i % 7)) })));
    const streamed = streamTenantUsers(store, org!.id);
    expect(streamed.headers.get('content-type')).toBe('application/json');
    const text = await streamed.text();
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(await listTenantUsers(store, org!.id))));
    expect(JSON.parse(text)).toHaveLength(1203);
    expect(await streamTenantUsers(store, empty!.id).text()).toBe('[]');
  });
});
