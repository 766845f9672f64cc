import { and, asc, eq, inArray } from 'drizzle-orm';
import { organizations, userOrganizations, users } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';

/** The first organization in which the user is an ACTIVE OWNER or ADMIN, or null. */
export async function findAdminMembership(store: Store, userId: string) {
  const [membership] = await store
      .select({
        membershipId: userOrganizations.id,
        organizationId: userOrganizations.organizationId,
        role: userOrganizations.role,
      })
      .from(userOrganizations)
      .where(
        and(
          eq(userOrganizations.userId, userId),
          eq(userOrganizations.status, 'ACTIVE'),
          inArray(userOrganizations.role, ['OWNER', 'ADMIN']),
        ),
      )
      .orderBy(asc(userOrganizations.createdAt))
      .limit(1);
  return membership ?? null;
}

/**
 * Whether the user is an ACTIVE member of some organization (any role): who may hold a session.
 * Members sign in to prove who they are (accepting an invitation, deciding on a copyright share);
 * only OWNER/ADMIN sessions reach the console and the APIs (getAdminContext).
 */
export async function hasActiveMembership(store: Store, userId: string): Promise<boolean> {
  const rows = await store
    .select({ id: userOrganizations.id })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.status, 'ACTIVE')))
    .limit(1);
  return rows.length > 0;
}

/** What the console shell shows: the organization and the signed-in admin. */
export async function getAdminContext(store: Store, userId: string) {
  const membership = await findAdminMembership(store, userId);
  if (!membership) return null;
  const [org] = await store.select().from(organizations).where(eq(organizations.id, membership.organizationId));
  const [user] = await store.select().from(users).where(eq(users.id, userId));
  if (!org || !user) return null;
  return {
    organization: { id: org.id, name: org.name, tenant: org.tenant },
    admin: { id: user.id, email: user.email, name: user.name, role: membership.role },
  };
}
