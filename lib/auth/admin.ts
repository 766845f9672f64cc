import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizations, userOrganizations, users } from '@/db/schema';

/** The first organization in which the user is an ACTIVE OWNER or ADMIN, or null. */
export function findAdminMembership(db: Db, userId: string) {
  return (
    db
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
      .get() ?? null
  );
}

/**
 * Whether the user is an ACTIVE member of some organization (any role): who may hold a session.
 * Members sign in to prove who they are (accepting an invitation, deciding on a copyright share);
 * only OWNER/ADMIN sessions reach the console and the APIs (getAdminContext).
 */
export function hasActiveMembership(db: Db, userId: string): boolean {
  return (
    db
      .select({ id: userOrganizations.id })
      .from(userOrganizations)
      .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.status, 'ACTIVE')))
      .get() !== undefined
  );
}

/** What the console shell shows: the organization and the signed-in admin. */
export function getAdminContext(db: Db, userId: string) {
  const membership = findAdminMembership(db, userId);
  if (!membership) return null;
  const org = db.select().from(organizations).where(eq(organizations.id, membership.organizationId)).get();
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!org || !user) return null;
  return {
    organization: { id: org.id, name: org.name, tenant: org.tenant },
    admin: { id: user.id, email: user.email, name: user.name, role: membership.role },
  };
}
