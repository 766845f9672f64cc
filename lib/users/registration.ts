import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invitations, userOrganizations, users, type User } from '@/db/schema';
import { ConflictError } from '@/lib/errors';
import { pendingInvitationsTo } from '@/lib/invitations/pending';
import { provisionCustodialWallet } from '@/lib/wallets/service';
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
  if (existing?.isRegistered) {
    throw new ConflictError('A user with this e-mail is already registered.', [`email: ${email} is already registered`]);
  }
  const others = existing ? ne(users.id, existing.id) : undefined;
  const nameTaken = tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.userName}) = lower(${input.userName})`, others))
    .get();
  if (nameTaken) throw new ConflictError('This user name is taken.', [`userName: ${input.userName} is already taken`]);
  if (input.phoneNumber) {
    const phoneTaken = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumber, input.phoneNumber), others))
      .get();
    if (phoneTaken) throw new ConflictError('This phone number is taken.', [`phoneNumber: ${input.phoneNumber} is already in use`]);
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

/**
 * A registered person joins an organization, inside the caller's transaction: a custodial primary
 * wallet if they have none, an ACTIVE MEMBER membership (a suspended one is reactivated), and every
 * PENDING invitation of that organization for their e-mail marked ACCEPTED with it.
 */
export function joinOrganization(tx: Tx, organizationId: string, userId: string, email: string): { membershipId: string; walletAddress: string } {
  const { address } = provisionCustodialWallet(tx, userId);
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
