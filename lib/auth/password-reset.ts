import { and, eq } from 'drizzle-orm';
import { auditEvents, userOrganizations } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import { sendPersonalMail } from '@/lib/mail/personal';
import { passwordEmail } from '@/lib/mail/templates';
import { safeNextPath } from './next-path';

/** How long a password link works (Better Auth's resetPasswordTokenExpiresIn), in seconds. */
export const PASSWORD_LINK_TTL_S = 60 * 60;

type ResetUser = { id: string; email: string };

/**
 * The link in a password mail: our own /reset-password page with the token and, when the request
 * came from an invitation or copyright page, where to continue after signing in. `libraryUrl` is
 * Better Auth's callback URL (…/reset-password/<token>?callbackURL=<redirectTo>), read only for
 * the redirectTo the sign-in route already reduced to a safe same-origin path.
 */
export function passwordLink(token: string, libraryUrl: string): string {
  let next = '';
  try {
    next = safeNextPath(new URL(libraryUrl).searchParams.get('callbackURL') ?? '', '');
  } catch {
    next = '';
  }
  const query = new URLSearchParams({ token });
  if (next) query.set('next', next);
  return `${env().APP_URL.replace(/\/+$/, '')}/reset-password?${query.toString()}`;
}

/** The organizations the person is an ACTIVE member of: each audits what happens to the login its member uses. */
async function activeOrganizations(store: Store, userId: string): Promise<string[]> {
  const rows = await store
    .select({ organizationId: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.userId, userId), eq(userOrganizations.status, 'ACTIVE')));
  return rows.map((r) => r.organizationId);
}

/**
 * One audit event per organization the person belongs to (a login is shared by all of them);
 * never the token. A person with no membership is only logged, as failed sign-ins are.
 */
export async function auditPasswordEvent(
  store: Store,
  action: 'auth.password_reset_requested' | 'auth.password_reset',
  user: ResetUser,
  clientAddress: string | null,
): Promise<void> {
  const organizations = await activeOrganizations(store, user.id);
  const data = { email: user.email, clientAddress };
  if (!organizations.length) {
    log('warn', action, { userId: user.id, clientAddress, member: false });
    return;
  }
  await store
    .insert(auditEvents)
    .values(organizations.map((organizationId) => ({ organizationId, actorType: 'system' as const, actorId: null, action, entityType: 'user', entityId: user.id, data })));
}

/**
 * Better Auth's `sendResetPassword`: a mail to the person's own address (lib/mail/personal.ts,
 * never an organization's Outbox), audited. Someone who is no member of any organization could not
 * sign in with a password anyway (lib/auth/server.ts), so they get no mail; the answer is the same.
 */
export async function sendPasswordMail(store: Store, input: { user: ResetUser; url: string; token: string; clientAddress: string | null }): Promise<void> {
  if (!(await activeOrganizations(store, input.user.id)).length) {
    log('warn', 'password link not sent: the account is no member of any organization', { userId: input.user.id });
    return;
  }
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_TTL_S * 1000);
  const mail = passwordEmail({ link: passwordLink(input.token, input.url), expiresAt });
  sendPersonalMail({ to: input.user.email, ...mail, about: { kind: 'password', userId: input.user.id }, retryUntil: expiresAt });
  await auditPasswordEvent(store, 'auth.password_reset_requested', input.user, input.clientAddress);
}
