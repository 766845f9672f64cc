import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Invitation } from '@/db/schema';
import { invitations, organizations, userOrganizations, users, webhookEndpoints } from '@/lib/storage/tables';
import { recordAuditIn, recordAuditsIn } from '@/lib/audit/service';
import { hasLogin, insertCredentialAccount } from '@/lib/auth/passwords';
import { AppError, NotFoundError, ValidationError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { issueLines } from '@/lib/http/zod-issues';
import { queueEmailIn, queueEmailsIn } from '@/lib/mail/outbox';
import { invitationEmail } from '@/lib/mail/templates';
import { kickMailWorker } from '@/lib/mail/worker';
import { insertInvitations } from '@/lib/storage/invitation-insert';
import type { Store } from '@/lib/storage/store';
import { joinOrganizationIn, registerUserInOrganizationIn } from '@/lib/users/registration';
import { emailField } from '@/lib/users/schemas';
import { recordEventIn } from '@/lib/webhooks/emit';
import {
  acceptInvitationBody,
  inviteEntry,
  type BulkInviteBody,
  type BulkInviteResponse,
  type BulkInviteResult,
  type CheckInviteesBody,
  type CheckInviteesResponse,
} from './schemas';
import { pendingInvitationsTo } from '@/lib/storage/pending-invitations';
import { invitationDetail, isExpired } from './view';
import {
  hashInvitationToken,
  INVITATION_TTL_MS,
  invitationLink,
  invitationTokenPattern,
  newInvitationToken,
  newInvitationTokens,
  type InvitationToken,
} from './tokens';

/** A fresh token (hash stored, token only in the mail), its 7-day expiry and the mail itself. */
function invitationMail(organizationName: string | undefined, email: string, now: Date, { token, hash }: InvitationToken = newInvitationToken()) {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const mail = invitationEmail({ organizationName: organizationName ?? 'An organization', link: invitationLink(token), expiresAt });
  return { tokenHash: hash, expiresAt, mail: { to: email, ...mail } };
}

async function organizationName(store: Store, organizationId: string) {
  const [row] = await store.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.name;
}

/**
 * Gives the invitation a fresh token (the previous link stops working), a new 7-day expiry, and
 * queues the invitation mail in the outbox — inside the caller's transaction.
 */
export async function sendInvitationMail(tx: Store, invitation: Pick<Invitation, 'id' | 'organizationId' | 'email'>, now = new Date()) {
  const { tokenHash, expiresAt, mail } = invitationMail(await organizationName(tx, invitation.organizationId), invitation.email, now);
  await tx
    .update(invitations)
    .set({ tokenHash, expiresAt, lastSentAt: now, sendCount: sql`${invitations.sendCount} + 1`, status: 'PENDING' })
    .where(eq(invitations.id, invitation.id));
  const outboxId = await queueEmailIn(tx, { organizationId: invitation.organizationId, ...mail });
  return { outboxId, expiresAt };
}

/**
 * Who of these (normalised) e-mails is already a member, and their PENDING invitations. One
 * lookup for A13 and for the CSV preview's check, so the preview says what the send will do.
 */
async function lookupInvitees(store: Store, organizationId: string, emails: string[]) {
  const members = emails.length
    ? await store
        .select({ id: userOrganizations.id, email: users.email })
        .from(userOrganizations)
        .innerJoin(users, eq(users.id, userOrganizations.userId))
        .where(and(eq(userOrganizations.organizationId, organizationId), inArray(users.email, emails)))
    : [];
  const pending = emails.length ? await store.select().from(invitations).where(pendingInvitationsTo(store, organizationId, emails)) : [];
  return {
    memberByEmail: new Map(members.map((m) => [m.email, m.id])),
    pendingByEmail: new Map(pending.map((p) => [p.email, p])),
  };
}

/**
 * The CSV preview's server check (before "Send N invitations"): per e-mail, in input order,
 * whether A13 would invite it (`new`), skip it as `member` or as already `invited` (a pending,
 * unexpired invitation — an expired one is invited again, as A13 does), or fail it (`invalid`).
 * Reads only: nothing is written.
 */
export async function checkInvitees(store: Store, organizationId: string, body: CheckInviteesBody): Promise<CheckInviteesResponse> {
  const parsed = body.emails.map((raw) => emailField.safeParse(raw));
  const valid = [...new Set(parsed.flatMap((p) => (p.success ? [p.data] : [])))];
  const { memberByEmail, pendingByEmail } = await lookupInvitees(store, organizationId, valid);
  const now = new Date();
  const results = parsed.map((p, i): CheckInviteesResponse['data']['results'][number] => {
    if (!p.success) return { email: body.emails[i]!, status: 'invalid', id: null, reason: issueLines(p.error, 'email').join('; ') };
    const memberId = memberByEmail.get(p.data);
    if (memberId) return { email: p.data, status: 'member', id: memberId, reason: 'already a member of the organization' };
    const open = pendingByEmail.get(p.data);
    if (open && !isExpired(open, now)) return { email: p.data, status: 'invited', id: open.id, reason: 'already invited (invitation pending)' };
    return { email: p.data, status: 'new', id: null, reason: 'will be invited' };
  });
  return { data: { results } };
}

/**
 * A13: invites up to 100 people. Every entry gets a result (invited / skipped / failed with a
 * reason), in input order. All invitations and their outbox mails are written in one
 * transaction; delivery starts after commit.
 */
export async function bulkInvite(store: Store, actor: Actor, body: BulkInviteBody): Promise<BulkInviteResponse> {
  const organizationId = actor.organizationId;
  type Pending = { index: number; email: string; phone: string | null };
  const results: BulkInviteResult[] = new Array<BulkInviteResult>(body.users.length);
  const firstIndexOf = new Map<string, number>();
  const candidates: Pending[] = [];
  const duplicates: { index: number; first: number }[] = [];

  body.users.forEach((raw, index) => {
    const parsed = inviteEntry.safeParse(raw);
    if (!parsed.success) {
      results[index] = { email: raw.email, status: 'failed', reason: issueLines(parsed.error, 'entry').join('; '), id: null };
      return;
    }
    const { email, phone } = parsed.data;
    const first = firstIndexOf.get(email);
    if (first !== undefined) {
      results[index] = { email, status: 'skipped', reason: `duplicate within the request (same as users[${first}])`, id: null };
      duplicates.push({ index, first });
      return;
    }
    firstIndexOf.set(email, index);
    candidates.push({ index, email, phone: phone ?? null });
  });

  let queued = 0;
  await store.transaction(async (tx) => {
    const { memberByEmail, pendingByEmail } = await lookupInvitees(tx, organizationId, candidates.map((c) => c.email));
    const now = new Date();
    const stale: string[] = [];
    const invited: (Pending & { id: string })[] = [];

    for (const c of candidates) {
      const memberId = memberByEmail.get(c.email);
      if (memberId) {
        results[c.index] = { email: c.email, status: 'skipped', reason: 'already a member of the organization', id: memberId };
        continue;
      }
      const open = pendingByEmail.get(c.email);
      if (open && !isExpired(open, now)) {
        results[c.index] = { email: c.email, status: 'skipped', reason: 'already invited (invitation pending)', id: open.id };
        continue;
      }
      if (open) stale.push(open.id);
      invited.push({ ...c, id: crypto.randomUUID() });
      results[c.index] = { email: c.email, status: 'invited', reason: 'invitation e-mail queued', id: invited.at(-1)!.id };
    }
    if (!invited.length) return;
    if (stale.length) await tx.update(invitations).set({ status: 'EXPIRED' }).where(inArray(invitations.id, stale));
    const name = await organizationName(tx, organizationId);
    const tokens = newInvitationTokens(invited.length);
    const mails = invited.map((c, i) => ({ c, ...invitationMail(name, c.email, now, tokens[i]) }));
    const rows = mails.map(({ c, tokenHash, expiresAt }) => ({ id: c.id, email: c.email, phone: c.phone, tokenHash, expiresAt }));
    await insertInvitations(tx, organizationId, rows, now);
    await queueEmailsIn(tx, mails.map(({ mail }) => ({ organizationId, ...mail })));
    await recordAuditsIn(tx, actor, invited.map((c) => ({ action: 'invitation.create', entityType: 'invitation', entityId: c.id, data: { email: c.email } })));
    // One look-up per import when nobody listens (A13 is a hot path).
    if (await webhooksListening(tx, organizationId)) {
      const sent = new Map((await tx.select().from(invitations).where(inArray(invitations.id, invited.map((c) => c.id)))).map((inv) => [inv.id, inv]));
      for (const c of invited) {
        const data = invitationDetail(sent.get(c.id)!, now);
        await recordEventIn(tx, { organizationId, type: 'member.invited', resourceType: 'member', resourceId: c.id, now, data: () => data });
      }
    }
    queued = invited.length;
  });
  if (queued > 0) kickMailWorker();
  // A duplicate names the record its first occurrence got or found (only `failed` has no id).
  for (const d of duplicates) results[d.index]!.id = results[d.first]!.id;

  const summary = { total: results.length, invited: 0, skipped: 0, failed: 0 };
  for (const r of results) summary[r.status] += 1;
  return { data: { results, summary } };
}

/** Whether recording events for this organization does anything (bulk paths check once). */
async function webhooksListening(store: Store, organizationId: string): Promise<boolean> {
  const [row] = await store.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId)).limit(1);
  return row !== undefined;
}

export type InvitationState = 'valid' | 'expired' | 'revoked' | 'accepted' | 'unknown';

export type InvitationLookup = {
  state: InvitationState;
  invitation: Invitation | null;
  organization: { id: string; name: string } | null;
  /** The invited e-mail already belongs to a registered person: they only confirm, no form. */
  registeredUser: { id: string; name: string } | null;
};

/** What the invitation page needs to know about a link's token. */
export async function lookupInvitation(store: Store, token: string, now = new Date()): Promise<InvitationLookup> {
  const none: InvitationLookup = { state: 'unknown', invitation: null, organization: null, registeredUser: null };
  if (!invitationTokenPattern.test(token)) return none;
  const [invitation] = await store.select().from(invitations).where(eq(invitations.tokenHash, hashInvitationToken(token))).limit(1);
  if (!invitation) return none;
  const [organization] = await store
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId))
    .limit(1);
  const [user] = await store
    .select({ id: users.id, name: users.name, isRegistered: users.isRegistered })
    .from(users)
    .where(eq(users.email, invitation.email))
    .limit(1);
  const state: InvitationState =
    invitation.status === 'ACCEPTED'
      ? 'accepted'
      : invitation.status === 'REVOKED'
        ? 'revoked'
        : isExpired(invitation, now)
          ? 'expired'
          : 'valid';
  return {
    state,
    invitation,
    organization: organization ?? null,
    registeredUser: user?.isRegistered ? { id: user.id, name: user.name } : null,
  };
}

const stateMessages: Record<Exclude<InvitationState, 'valid'>, [number, string]> = {
  unknown: [404, 'This invitation link is not valid. It may have been replaced by a newer invitation e-mail.'],
  expired: [410, 'This invitation has expired. Ask the organization to send a new one.'],
  revoked: [410, 'This invitation was withdrawn by the organization.'],
  accepted: [410, 'This invitation has already been used.'],
};

export function invitationStateError(state: Exclude<InvitationState, 'valid'>) {
  const [status, message] = stateMessages[state];
  return new AppError(status, message, [`token: ${state}`]);
}

/** Who a request's session proves it comes from (lib/auth/session.ts getPersonFromHeaders). */
export type Person = { userId: string; email: string; sessionIdHash: string };

/**
 * The invitee accepts. Joining needs the invitee's own proof, never only the link (an admin of
 * the inviting organization may hold it — issue 26 finding 2):
 * - the e-mail belongs to a registered person: only that person's own signed-in session accepts
 *   (401 without a session, 403 for anybody else's), and no form is taken;
 * - otherwise a new person registers through the link (the link went only to the address when SMTP
 *   is configured) with their name, user name and password (`passwordHash`: hashPassword of the
 *   body's password, computed by the caller before the transaction: hashing is not database work).
 * In one transaction the token is checked again, then the person is registered or joins.
 */
export function acceptInvitation(
  store: Store,
  token: string,
  rawInput: unknown,
  requestId: string,
  person: Person | null,
  passwordHash: string | null,
) {
  return store.transaction(async (tx) => {
    const found = await lookupInvitation(tx, token);
    if (found.state !== 'valid') throw invitationStateError(found.state);
    const invitation = found.invitation!;
    let membershipId: string;
    let userId: string;
    let walletAddress: string;
    if (found.registeredUser) {
      if (!person) {
        throw new AppError(401, `This invitation is for ${invitation.email}, who already has an account: sign in as ${invitation.email} to accept it.`, [
          'session: sign in as the invited address',
        ]);
      }
      if (person.userId !== found.registeredUser.id) {
        throw new AppError(403, `This invitation is for ${invitation.email}; you are signed in as ${person.email}. Only the invited person can accept it.`, [
          'session: not the invited person',
        ]);
      }
      userId = found.registeredUser.id;
      ({ membershipId, walletAddress } = await joinOrganizationIn(tx, invitation.organizationId, userId, invitation.email));
    } else {
      const parsed = acceptInvitationBody.safeParse(rawInput);
      if (!parsed.success || !passwordHash) {
        throw new ValidationError('Please correct the highlighted fields.', parsed.success ? ['body.password: is required'] : issueLines(parsed.error, 'body'));
      }
      const { password: _password, ...fields } = parsed.data;
      // The phone the admin typed is a hint: if someone else already uses it, register without it.
      const phoneTaken =
        invitation.phone !== null &&
        (await tx.select({ id: users.id }).from(users).where(eq(users.phoneNumber, invitation.phone)).limit(1)).length > 0;
      const registered = await registerUserInOrganizationIn(tx, invitation.organizationId, {
        email: invitation.email,
        phoneNumber: phoneTaken ? null : invitation.phone,
        ...fields,
      });
      if (!(await hasLogin(tx, registered.user.id))) await insertCredentialAccount(tx, registered.user.id, passwordHash);
      userId = registered.user.id;
      membershipId = registered.membershipId;
      walletAddress = registered.walletAddress;
    }
    await recordAuditIn(
      tx,
      { kind: 'user', userId, organizationId: invitation.organizationId, requestId },
      {
        action: 'invitation.accept',
        entityType: 'invitation',
        entityId: invitation.id,
        data: { membershipId, evidence: person ? `session of user ${person.userId} (session ${person.sessionIdHash})` : 'registration through the link' },
      },
    );
    return {
      organization: found.organization!,
      membershipId,
      email: invitation.email,
      walletAddress,
    };
  });
}

/** A PENDING invitation of the organization, or 404. */
export async function findPendingInvitation(store: Store, organizationId: string, id: string) {
  const [row] = await store
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), eq(invitations.status, 'PENDING')))
    .limit(1);
  if (!row) throw new NotFoundError('Member or invitation');
  return row;
}
