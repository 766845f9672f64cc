import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { accounts, invitations, userOrganizations, users, type User } from '@/db/schema';
import { ConflictError } from '@/lib/errors';
import { pendingInvitationsTo } from '@/lib/invitations/pending';
import { provisionCustodialWalletSync } from '@/lib/wallets/service';
import { recordEvent } from '@/lib/webhooks/emit';

export type RegistrationInput = {
  email: string;
  firstName: string;
  lastName: string;
  userName: string;
  phoneNumber?: string | null;
};

/**
 * Registers a person in an organization, inside the caller's transaction: the global user row
 * (created, or completed if an unregistered row exists for the e-mail), a custodial primary
 * wallet, an ACTIVE MEMBER membership, and every PENDING invitation of that organization for the
 * e-mail marked ACCEPTED. `409` on a duplicate registered e-mail, user name or phone number.
 */
export function registerUserInOrganization(
  tx: Tx,
  organizationId: string,
  input: RegistrationInput,
): { user: User; membershipId: string; walletAddress: string } {
  const email = input.email.toLowerCase();
  const existing = tx.select().from(users).where(eq(users.email, email)).get();
  // One identity per e-mail across tenants: that details are taken cannot be hidden, but where
  // they are taken is never said — one message whether the person is in this tenant, another one,
  // or has an unfinished row somebody else's membership or login relies on (then it is not ours to
  // complete: the person joins through an invitation instead).
  const taken = (field: string, value: string) =>
    new ConflictError('These details belong to a person who is already registered; invite them instead.', [`${field}: ${value} is not available for a new registration`]);
  if (existing && (existing.isRegistered || belongsToSomeoneElse(tx, existing.id, organizationId))) throw taken('email', email);
  const others = existing ? ne(users.id, existing.id) : undefined;
  const nameTaken = tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.userName}) = lower(${input.userName})`, others))
    .get();
  if (nameTaken) throw taken('userName', input.userName);
  if (input.phoneNumber) {
    const phoneTaken = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumber, input.phoneNumber), others))
      .get();
    if (phoneTaken) throw taken('phoneNumber', input.phoneNumber);
  }
  const profile = {
    firstName: input.firstName,
    lastName: input.lastName,
    userName: input.userName,
    name: `${input.firstName} ${input.lastName}`,
    phoneNumber: input.phoneNumber ?? existing?.phoneNumber ?? null,
    isRegistered: true,
  };
  const user = existing
    ? tx.update(users).set(profile).where(eq(users.id, existing.id)).returning().get()
    : tx.insert(users).values({ email, ...profile }).returning().get();
  return { user, ...joinOrganization(tx, organizationId, user.id, email) };
}

/** An unregistered user row that another organization's membership or a login already relies on. */
function belongsToSomeoneElse(tx: Tx, userId: string, organizationId: string): boolean {
  const elsewhere = tx
    .select({ id: userOrganizations.id })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), ne(userOrganizations.organizationId, organizationId)))
    .get();
  const login = tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId)).get();
  return elsewhere !== undefined || login !== undefined;
}

/**
 * A registered person joins an organization, inside the caller's transaction: a custodial primary
 * wallet if they have none, an ACTIVE MEMBER membership (a suspended one is reactivated), and every
 * PENDING invitation of that organization for their e-mail marked ACCEPTED with it.
 */
export function joinOrganization(tx: Tx, organizationId: string, userId: string, email: string): { membershipId: string; walletAddress: string } {
  const { address } = provisionCustodialWalletSync(tx, userId);
  const membershipId = tx
    .insert(userOrganizations)
    .values({ organizationId, userId, status: 'ACTIVE', role: 'MEMBER' })
    .onConflictDoUpdate({
      target: [userOrganizations.organizationId, userOrganizations.userId],
      set: { status: 'ACTIVE', updatedAt: new Date() },
    })
    .returning({ id: userOrganizations.id })
    .get().id;
  tx.update(invitations)
    .set({ status: 'ACCEPTED', acceptedAt: new Date(), userOrganizationId: membershipId })
    .where(pendingInvitationsTo(organizationId, [email]))
    .run();
  recordEvent(tx, { organizationId, type: 'member.joined', resourceType: 'member', resourceId: membershipId });
  return { membershipId, walletAddress: address };
}
