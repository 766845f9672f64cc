import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import type { User } from '@/db/schema';
import { accounts, invitations, userOrganizations, users } from '@/lib/storage/tables';
import { ConflictError } from '@/lib/errors';
import { pendingInvitationsTo } from '@/lib/storage/pending-invitations';
import type { Store } from '@/lib/storage/store';
import { provisionCustodialWallet, provisionCustodialWalletSync } from '@/lib/wallets/service';
import { recordEvent, recordEventIn } from '@/lib/webhooks/emit';

export type RegistrationInput = {
  email: string;
  firstName: string;
  lastName: string;
  userName: string;
  phoneNumber?: string | null;
};

// One identity per e-mail across tenants: that details are taken cannot be hidden, but where they
// are taken is never said — one message whether the person is in this tenant, another one, or has
// an unfinished row somebody else's membership or login relies on (then it is not ours to
// complete: the person joins through an invitation instead).
const taken = (field: string, value: string) =>
  new ConflictError('These details belong to a person who is already registered; invite them instead.', [`${field}: ${value} is not available for a new registration`]);

/** The registered profile of `input` (the phone kept from an unfinished row when none is given). */
function profileOf(input: RegistrationInput, existing: { phoneNumber: string | null } | undefined) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    userName: input.userName,
    name: `${input.firstName} ${input.lastName}`,
    phoneNumber: input.phoneNumber ?? existing?.phoneNumber ?? null,
    isRegistered: true,
  };
}

/**
 * Registers a person in an organization, inside the caller's transaction: the global user row
 * (created, or completed if an unregistered row exists for the e-mail), a custodial primary
 * wallet, an ACTIVE MEMBER membership, and every PENDING invitation of that organization for the
 * e-mail marked ACCEPTED. `409` on a duplicate registered e-mail, user name or phone number.
 */
export async function registerUserInOrganizationIn(
  tx: Store,
  organizationId: string,
  input: RegistrationInput,
): Promise<{ user: User; membershipId: string; walletAddress: string }> {
  const email = input.email.toLowerCase();
  const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing && (existing.isRegistered || (await belongsToSomeoneElse(tx, existing.id, organizationId)))) throw taken('email', email);
  const others = existing ? ne(users.id, existing.id) : undefined;
  const [nameTaken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.userName}) = lower(${input.userName})`, others))
    .limit(1);
  if (nameTaken) throw taken('userName', input.userName);
  if (input.phoneNumber) {
    const [phoneTaken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumber, input.phoneNumber), others))
      .limit(1);
    if (phoneTaken) throw taken('phoneNumber', input.phoneNumber);
  }
  const profile = profileOf(input, existing);
  const [user] = existing
    ? await tx.update(users).set(profile).where(eq(users.id, existing.id)).returning()
    : await tx.insert(users).values({ email, ...profile }).returning();
  return { user: user!, ...(await joinOrganizationIn(tx, organizationId, user!.id, email)) };
}

/** An unregistered user row that another organization's membership or a login already relies on. */
async function belongsToSomeoneElse(tx: Store, userId: string, organizationId: string): Promise<boolean> {
  const [elsewhere] = await tx
    .select({ id: userOrganizations.id })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), ne(userOrganizations.organizationId, organizationId)))
    .limit(1);
  const [login] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId)).limit(1);
  return elsewhere !== undefined || login !== undefined;
}

/**
 * A registered person joins an organization, inside the caller's transaction: a custodial primary
 * wallet if they have none, an ACTIVE MEMBER membership (a suspended one is reactivated), and every
 * PENDING invitation of that organization for their e-mail marked ACCEPTED with it.
 */
export async function joinOrganizationIn(tx: Store, organizationId: string, userId: string, email: string): Promise<{ membershipId: string; walletAddress: string }> {
  const { address } = await provisionCustodialWallet(tx, userId);
  const [membership] = await tx
    .insert(userOrganizations)
    .values({ organizationId, userId, status: 'ACTIVE', role: 'MEMBER' })
    .onConflictDoUpdate({
      target: [userOrganizations.organizationId, userOrganizations.userId],
      set: { status: 'ACTIVE', updatedAt: new Date() },
    })
    .returning({ id: userOrganizations.id });
  const membershipId = membership!.id;
  await tx
    .update(invitations)
    .set({ status: 'ACCEPTED', acceptedAt: new Date(), userOrganizationId: membershipId })
    .where(pendingInvitationsTo(tx, organizationId, [email]));
  // The message's member is read by the member loader (lib/wiring/webhooks.ts) in this transaction.
  await recordEventIn(tx, { organizationId, type: 'member.joined', resourceType: 'member', resourceId: membershipId });
  return { membershipId, walletAddress: address };
}

/**
 * The synchronous twin of registerUserInOrganizationIn (SQLite only), for the test and e2e fixtures
 * that seed people inside a better-sqlite3 transaction (docs/architecture.md, "Services on the Store").
 */
export function registerUserInOrganization(
  tx: Tx,
  organizationId: string,
  input: RegistrationInput,
): { user: User; membershipId: string; walletAddress: string } {
  const email = input.email.toLowerCase();
  const existing = tx.select().from(sqliteSchema.users).where(eq(sqliteSchema.users.email, email)).get();
  if (existing && (existing.isRegistered || belongsToSomeoneElseSync(tx, existing.id, organizationId))) throw taken('email', email);
  const others = existing ? ne(sqliteSchema.users.id, existing.id) : undefined;
  const nameTaken = tx
    .select({ id: sqliteSchema.users.id })
    .from(sqliteSchema.users)
    .where(and(sql`lower(${sqliteSchema.users.userName}) = lower(${input.userName})`, others))
    .get();
  if (nameTaken) throw taken('userName', input.userName);
  if (input.phoneNumber) {
    const phoneTaken = tx
      .select({ id: sqliteSchema.users.id })
      .from(sqliteSchema.users)
      .where(and(eq(sqliteSchema.users.phoneNumber, input.phoneNumber), others))
      .get();
    if (phoneTaken) throw taken('phoneNumber', input.phoneNumber);
  }
  const profile = profileOf(input, existing);
  const user = existing
    ? tx.update(sqliteSchema.users).set(profile).where(eq(sqliteSchema.users.id, existing.id)).returning().get()
    : tx.insert(sqliteSchema.users).values({ email, ...profile }).returning().get();
  return { user, ...joinOrganization(tx, organizationId, user.id, email) };
}

function belongsToSomeoneElseSync(tx: Tx, userId: string, organizationId: string): boolean {
  const elsewhere = tx
    .select({ id: sqliteSchema.userOrganizations.id })
    .from(sqliteSchema.userOrganizations)
    .where(and(eq(sqliteSchema.userOrganizations.userId, userId), ne(sqliteSchema.userOrganizations.organizationId, organizationId)))
    .get();
  const login = tx.select({ id: sqliteSchema.accounts.id }).from(sqliteSchema.accounts).where(eq(sqliteSchema.accounts.userId, userId)).get();
  return elsewhere !== undefined || login !== undefined;
}

/** The synchronous twin of joinOrganizationIn (SQLite only). */
function joinOrganization(tx: Tx, organizationId: string, userId: string, email: string): { membershipId: string; walletAddress: string } {
  const { address } = provisionCustodialWalletSync(tx, userId);
  const membershipId = tx
    .insert(sqliteSchema.userOrganizations)
    .values({ organizationId, userId, status: 'ACTIVE', role: 'MEMBER' })
    .onConflictDoUpdate({
      target: [sqliteSchema.userOrganizations.organizationId, sqliteSchema.userOrganizations.userId],
      set: { status: 'ACTIVE', updatedAt: new Date() },
    })
    .returning({ id: sqliteSchema.userOrganizations.id })
    .get().id;
  tx.update(sqliteSchema.invitations)
    .set({ status: 'ACCEPTED', acceptedAt: new Date(), userOrganizationId: membershipId })
    .where(pendingInvitationsTo({ engine: 'sqlite' }, organizationId, [email]))
    .run();
  recordEvent(tx, { organizationId, type: 'member.joined', resourceType: 'member', resourceId: membershipId });
  return { membershipId, walletAddress: address };
}
