import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { invitations, organizations, userOrganizations, users, type Invitation } from '@/db/schema';
import { recordAudit, recordAudits } from '@/lib/audit/service';
import { groupedTransaction } from '@/lib/db/commit-group';
import { AppError, NotFoundError, ValidationError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { issueLines } from '@/lib/http/zod-issues';
import { queueEmail, queueEmails } from '@/lib/mail/outbox';
import { invitationEmail } from '@/lib/mail/templates';
import { kickMailWorker } from '@/lib/mail/worker';
import { hasLogin, insertCredentialAccount } from '@/lib/auth/passwords';
import { joinOrganization, registerUserInOrganization } from '@/lib/users/registration';
import {
  acceptInvitationBody,
  inviteEntry,
  type BulkInviteBody,
  type BulkInviteResponse,
  type BulkInviteResult,
} from './schemas';
import { pendingInvitationsTo } from './pending';
import {
  hashInvitationToken,
  INVITATION_TTL_MS,
  invitationLink,
  invitationTokenPattern,
  newInvitationToken,
  newInvitationTokens,
  type InvitationToken,
} from './tokens';

/** A PENDING invitation whose link has run out (it can still be resent). */
export function isExpired(invitation: Pick<Invitation, 'status' | 'expiresAt'>, now = new Date()) {
  return invitation.status === 'EXPIRED' || (invitation.status === 'PENDING' && invitation.expiresAt <= now);
}

/** A fresh token (hash stored, token only in the mail), its 7-day expiry and the mail itself. */
function invitationMail(organizationName: string | undefined, email: string, now: Date, { token, hash }: InvitationToken = newInvitationToken()) {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const mail = invitationEmail({ organizationName: organizationName ?? 'An organization', link: invitationLink(token), expiresAt });
  return { tokenHash: hash, expiresAt, mail: { to: email, ...mail } };
}

function organizationName(tx: Pick<Db, 'select'>, organizationId: string) {
  return tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).get()?.name;
}

/**
 * Gives the invitation a fresh token (the previous link stops working), a new 7-day expiry, and
 * queues the invitation mail in the outbox — inside the caller's transaction.
 */
export function sendInvitationMail(tx: Tx, invitation: Pick<Invitation, 'id' | 'organizationId' | 'email'>, now = new Date()) {
  const { tokenHash, expiresAt, mail } = invitationMail(organizationName(tx, invitation.organizationId), invitation.email, now);
  tx.update(invitations)
    .set({ tokenHash, expiresAt, lastSentAt: now, sendCount: sql`${invitations.sendCount} + 1`, status: 'PENDING' })
    .where(eq(invitations.id, invitation.id))
    .run();
  const outboxId = queueEmail(tx, { organizationId: invitation.organizationId, ...mail });
  return { outboxId, expiresAt };
}

type NewInvitation = { id: string; email: string; phone: string | null; tokenHash: string; expiresAt: number };

/**
 * Freshly sent PENDING invitations, all sent at `now`, as one statement over a JSON array of their
 * own fields, in order. One statement, not one per row: each statement that writes the search
 * index flushes its own FTS5 segment (per-row inserts cost ~50 µs more per row at 100k members);
 * and not a Drizzle multi-row insert: building one of 100 rows cost more than running it.
 */
function insertInvitations(tx: Pick<Db, 'run'>, organizationId: string, rows: NewInvitation[], now: Date) {
  const at = now.getTime();
  tx.run(sql`insert into invitations (id, organization_id, email, phone, status, token_hash, expires_at, send_count, last_sent_at, created_at, updated_at)
    select value ->> 'id', ${organizationId}, value ->> 'email', value ->> 'phone', 'PENDING', value ->> 'tokenHash', value ->> 'expiresAt', 1, ${at}, ${at}, ${at}
    from json_each(${JSON.stringify(rows)})`);
}

/**
 * A13: invites up to 100 people. Every entry gets a result (invited / skipped / failed with a
 * reason), in input order. All invitations and their outbox mails are written in one
 * transaction; delivery starts after commit.
 */
export async function bulkInvite(db: Db, actor: Actor, body: BulkInviteBody): Promise<BulkInviteResponse> {
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
  await groupedTransaction(db, (tx) => {
    const emails = candidates.map((c) => c.email);
    const members = emails.length
      ? tx
          .select({ id: userOrganizations.id, email: users.email })
          .from(userOrganizations)
          .innerJoin(users, eq(users.id, userOrganizations.userId))
          .where(and(eq(userOrganizations.organizationId, organizationId), inArray(users.email, emails)))
          .all()
      : [];
    const memberByEmail = new Map(members.map((m) => [m.email, m.id]));
    const pending = emails.length
      ? tx
          .select()
          .from(invitations)
          .where(pendingInvitationsTo(organizationId, emails))
          .all()
      : [];
    const pendingByEmail = new Map(pending.map((p) => [p.email, p]));
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
    if (stale.length) tx.update(invitations).set({ status: 'EXPIRED' }).where(inArray(invitations.id, stale)).run();
    const name = organizationName(tx, organizationId);
    const tokens = newInvitationTokens(invited.length);
    const mails = invited.map((c, i) => ({ c, ...invitationMail(name, c.email, now, tokens[i]) }));
    const rows = mails.map(({ c, tokenHash, expiresAt }) => ({ id: c.id, email: c.email, phone: c.phone, tokenHash, expiresAt: expiresAt.getTime() }));
    insertInvitations(tx, organizationId, rows, now);
    queueEmails(tx, mails.map(({ mail }) => ({ organizationId, ...mail })));
    recordAudits(tx, actor, invited.map((c) => ({ action: 'invitation.create', entityType: 'invitation', entityId: c.id, data: { email: c.email } })));
    queued = invited.length;
  });
  if (queued > 0) kickMailWorker();
  // A duplicate names the record its first occurrence got or found (only `failed` has no id).
  for (const d of duplicates) results[d.index]!.id = results[d.first]!.id;

  const summary = { total: results.length, invited: 0, skipped: 0, failed: 0 };
  for (const r of results) summary[r.status] += 1;
  return { data: { results, summary } };
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
export function lookupInvitation(db: Pick<Db, 'select'>, token: string, now = new Date()): InvitationLookup {
  const none: InvitationLookup = { state: 'unknown', invitation: null, organization: null, registeredUser: null };
  if (!invitationTokenPattern.test(token)) return none;
  const invitation = db.select().from(invitations).where(eq(invitations.tokenHash, hashInvitationToken(token))).get();
  if (!invitation) return none;
  const organization =
    db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, invitation.organizationId))
      .get() ?? null;
  const user = db
    .select({ id: users.id, name: users.name, isRegistered: users.isRegistered })
    .from(users)
    .where(eq(users.email, invitation.email))
    .get();
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
    organization,
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
 *   body's password, computed by the caller before this synchronous transaction).
 * In one transaction the token is checked again, then the person is registered or joins.
 */
export function acceptInvitation(
  db: Db,
  token: string,
  rawInput: unknown,
  requestId: string,
  person: Person | null,
  passwordHash: string | null,
) {
  return db.transaction((tx) => {
    const found = lookupInvitation(tx, token);
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
      ({ membershipId, walletAddress } = joinOrganization(tx, invitation.organizationId, userId, invitation.email));
    } else {
      const parsed = acceptInvitationBody.safeParse(rawInput);
      if (!parsed.success || !passwordHash) {
        throw new ValidationError('Please correct the highlighted fields.', parsed.success ? ['body.password: is required'] : issueLines(parsed.error, 'body'));
      }
      const { password: _password, ...fields } = parsed.data;
      // The phone the admin typed is a hint: if someone else already uses it, register without it.
      const phoneTaken =
        invitation.phone !== null &&
        tx.select({ id: users.id }).from(users).where(eq(users.phoneNumber, invitation.phone)).get() !== undefined;
      const registered = registerUserInOrganization(tx, invitation.organizationId, {
        email: invitation.email,
        phoneNumber: phoneTaken ? null : invitation.phone,
        ...fields,
      });
      if (!hasLogin(tx, registered.user.id)) insertCredentialAccount(tx, registered.user.id, passwordHash);
      userId = registered.user.id;
      membershipId = registered.membershipId;
      walletAddress = registered.walletAddress;
    }
    recordAudit(
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
export function findPendingInvitation(db: Pick<Db, 'select'>, organizationId: string, id: string) {
  const row = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), eq(invitations.status, 'PENDING')))
    .get();
  if (!row) throw new NotFoundError('Member or invitation');
  return row;
}
