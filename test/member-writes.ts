import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { invitations, organizations, userOrganizations, users, wallets } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';

/*
 * Raw writes on the A9 base tables (memberships, invitations, users, wallets) for the member-list
 * tests of both engines (lib/members/list.property.test.ts) and SQLite's own structure tests
 * (lib/storage/sqlite/search/member-list.test.ts): no service function, so only the engine's
 * triggers can keep the derived list right.
 */

export const names = ['Ann Harbor', 'harbor', 'Bob É', 'straße', 'a_b', '50%', 'x', 'Kelvin', 'zed'];
export const terms = ['a', 'ab', 'é', '%', '_', 'har', 'HARBOR', 'r h', 'ex.test', 'ann', 'kel', 'zzz', '@ex', 'b É'];
// Few distinct stamps, so equal sort values are common and the id tie-breaker decides.
export const stamps = [1, 2, 3].map((d) => new Date(Date.UTC(2026, 0, d)));
export const memberStatuses = ['ACTIVE', 'SUSPENDED'] as const;
export const invitationStatuses = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;

export type Op =
  | { op: 'addMember'; name: string; status: (typeof memberStatuses)[number]; t: number }
  | { op: 'updateMember'; i: number; status: (typeof memberStatuses)[number]; t: number }
  | { op: 'removeMember'; i: number }
  | { op: 'addInvitation'; name: string; status: (typeof invitationStatuses)[number]; t: number }
  | { op: 'updateInvitation'; i: number; status: (typeof invitationStatuses)[number]; name: string | null }
  | { op: 'deleteInvitation'; i: number }
  | { op: 'updateUser'; i: number; name: string; email: boolean }
  | { op: 'deleteUser'; i: number }
  | { op: 'addWallet'; i: number; primary: boolean }
  | { op: 'togglePrimary'; i: number }
  | { op: 'moveWallet'; i: number; to: number }
  | { op: 'deleteWallet'; i: number };

const pick = fc.nat({ max: 40 });
const t = fc.nat({ max: stamps.length - 1 });
export const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addMember' as const), name: fc.constantFrom(...names), status: fc.constantFrom(...memberStatuses), t }),
  fc.record({ op: fc.constant('addMember' as const), name: fc.constantFrom(...names), status: fc.constantFrom(...memberStatuses), t }),
  fc.record({ op: fc.constant('updateMember' as const), i: pick, status: fc.constantFrom(...memberStatuses), t }),
  fc.record({ op: fc.constant('removeMember' as const), i: pick }),
  fc.record({ op: fc.constant('addInvitation' as const), name: fc.constantFrom(...names), status: fc.constantFrom(...invitationStatuses), t }),
  fc.record({ op: fc.constant('addInvitation' as const), name: fc.constantFrom(...names), status: fc.constant('PENDING' as const), t }),
  fc.record({
    op: fc.constant('updateInvitation' as const),
    i: pick,
    status: fc.constantFrom(...invitationStatuses),
    name: fc.option(fc.constantFrom(...names), { nil: null }),
  }),
  fc.record({ op: fc.constant('deleteInvitation' as const), i: pick }),
  fc.record({ op: fc.constant('updateUser' as const), i: pick, name: fc.constantFrom(...names), email: fc.boolean() }),
  fc.record({ op: fc.constant('deleteUser' as const), i: pick }),
  fc.record({ op: fc.constant('addWallet' as const), i: pick, primary: fc.boolean() }),
  fc.record({ op: fc.constant('togglePrimary' as const), i: pick }),
  fc.record({ op: fc.constant('moveWallet' as const), i: pick, to: pick }),
  fc.record({ op: fc.constant('deleteWallet' as const), i: pick }),
);

const at = <T,>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
const slug = (name: string) => name.toLowerCase().replace(/\s/g, '.');

/** Applies one operation with plain Drizzle writes on the base tables. */
export async function apply(store: Store, organizationId: string, o: Op) {
  // Any fixed order picks the i-th row; ids are random, so this one is as good as insertion order.
  const ids = async (table: typeof userOrganizations | typeof invitations) =>
    (await store.select({ id: table.id }).from(table).where(eq(table.organizationId, organizationId)).orderBy(asc(table.id))).map((r) => r.id);
  const userIds = async () =>
    (await store.select({ id: userOrganizations.userId }).from(userOrganizations).where(eq(userOrganizations.organizationId, organizationId)).orderBy(asc(userOrganizations.id))).map((r) => r.id);
  const walletIds = async () => {
    const people = await userIds();
    if (!people.length) return [];
    return store
      .select({ id: wallets.id, primary: wallets.isPrimary, user: wallets.userId })
      .from(wallets)
      .where(inArray(wallets.userId, people))
      .orderBy(asc(wallets.id));
  };
  switch (o.op) {
    case 'addMember': {
      const [first, last] = o.name.split(' ');
      const [user] = await store
        .insert(users)
        .values({ email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test`, name: o.name, userName: slug(o.name) + crypto.randomUUID().slice(0, 12), firstName: first, lastName: last ?? null })
        .returning();
      await store.insert(userOrganizations).values({ organizationId, userId: user!.id, status: o.status, createdAt: stamps[o.t], updatedAt: stamps[o.t] });
      return;
    }
    case 'updateMember': {
      const id = at(await ids(userOrganizations), o.i);
      if (id) await store.update(userOrganizations).set({ status: o.status, updatedAt: stamps[o.t] }).where(eq(userOrganizations.id, id));
      return;
    }
    case 'removeMember': {
      const id = at(await ids(userOrganizations), o.i);
      if (id) await store.delete(userOrganizations).where(eq(userOrganizations.id, id));
      return;
    }
    case 'addInvitation':
      await store.insert(invitations).values({
        organizationId,
        email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test`,
        status: o.status,
        tokenHash: crypto.randomUUID(),
        expiresAt: stamps[o.t]!,
        createdAt: stamps[o.t],
        updatedAt: stamps[o.t],
      });
      return;
    case 'updateInvitation': {
      const id = at(await ids(invitations), o.i);
      const email = o.name === null ? {} : { email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test` };
      if (id) await store.update(invitations).set({ status: o.status, ...email }).where(eq(invitations.id, id));
      return;
    }
    case 'deleteInvitation': {
      const id = at(await ids(invitations), o.i);
      if (id) await store.delete(invitations).where(eq(invitations.id, id));
      return;
    }
    case 'updateUser': {
      const id = at(await userIds(), o.i);
      const email = o.email ? { email: `${slug(o.name)}-${crypto.randomUUID().slice(0, 12)}@ex.test` } : {};
      const [first, last] = o.name.split(' ');
      if (id) await store.update(users).set({ name: o.name, firstName: first, lastName: last ?? null, ...email }).where(eq(users.id, id));
      return;
    }
    case 'deleteUser': {
      const id = at(await userIds(), o.i);
      if (id) await store.delete(users).where(eq(users.id, id));
      return;
    }
    case 'addWallet': {
      const userId = at(await userIds(), o.i);
      if (!userId) return;
      const hasPrimary = (await store.select({ id: wallets.id }).from(wallets).where(and(eq(wallets.userId, userId), eq(wallets.isPrimary, true)))).length > 0;
      await store.insert(wallets).values({ userId, address: `0x${crypto.randomUUID().replace(/-/g, '')}`, isPrimary: o.primary && !hasPrimary });
      return;
    }
    case 'togglePrimary': {
      const w = at(await walletIds(), o.i);
      if (!w) return;
      if (w.primary) await store.update(wallets).set({ isPrimary: false }).where(eq(wallets.id, w.id));
      else {
        await store.update(wallets).set({ isPrimary: false }).where(eq(wallets.userId, w.user));
        await store.update(wallets).set({ isPrimary: true }).where(eq(wallets.id, w.id));
      }
      return;
    }
    case 'moveWallet': {
      const w = at(await walletIds(), o.i);
      const to = at(await userIds(), o.to);
      if (w && to) {
        await store.update(wallets).set({ isPrimary: false }).where(eq(wallets.userId, to));
        await store.update(wallets).set({ userId: to }).where(eq(wallets.id, w.id));
      }
      return;
    }
    case 'deleteWallet': {
      const w = at(await walletIds(), o.i);
      if (w) await store.delete(wallets).where(eq(wallets.id, w.id));
      return;
    }
  }
}


export async function newOrganization(store: Store, name: string) {
  const [org] = await store.insert(organizations).values({ name, tenant: `${name}-${crypto.randomUUID()}` }).returning();
  return org!;
}
