import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizations, userOrganizations, users } from '@/db/schema';
import { listTenantUsers, streamTenantUsers } from './service';

describe('B3 streaming', () => {
  it('writes exactly the array listTenantUsers builds, across chunk boundaries, and [] for none', async () => {
    const db = getDb();
    const org = db.insert(organizations).values({ name: 's', tenant: `s-${crypto.randomUUID()}` }).returning().get();
    const empty = db.insert(organizations).values({ name: 'e', tenant: `e-${crypto.randomUUID()}` }).returning().get();
    const at = new Date(Date.UTC(2026, 0, 1));
    // 1,203 members, many sharing one createdAt, so the keyset's id tie-break is exercised.
    db.transaction((tx) => {
      for (let i = 0; i < 1203; i++) {
        const user = tx.insert(users).values({ email: `s${i}-${crypto.randomUUID().slice(0, 6)}@example.test`, firstName: `F${i}` }).returning().get();
        tx.insert(userOrganizations).values({ organizationId: org.id, userId: user.id, createdAt: new Date(at.getTime() + (i % 7)) }).run();
      }
    });
    const streamed = streamTenantUsers(db, org.id);
    expect(streamed.headers.get('content-type')).toBe('application/json');
    const text = await streamed.text();
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(listTenantUsers(db, org.id))));
    expect(JSON.parse(text)).toHaveLength(1203);
    expect(await streamTenantUsers(db, empty.id).text()).toBe('[]');
  });
});
