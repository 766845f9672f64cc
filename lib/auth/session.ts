import { createHash } from 'node:crypto';
import { getStore } from '@/lib/storage/current';
import { getAdminContext } from './admin';
import { getAuth } from './server';

/** The admin behind a request's session cookie, with their organization, or null. */
export async function getAdminFromHeaders(headers: Headers) {
  const person = await getPersonFromHeaders(headers);
  return person ? getAdminContext(await getStore(), person.userId) : null;
}

/**
 * Whoever a request's session cookie proves the request comes from (any ACTIVE member, not only
 * admins), or null. `sessionIdHash` identifies the session in evidence without being a credential.
 */
export async function getPersonFromHeaders(headers: Headers) {
  if (!headers.get('cookie')) return null;
  const session = await (await getAuth()).api.getSession({ headers });
  if (!session) return null;
  return {
    userId: session.user.id,
    email: session.user.email.toLowerCase(),
    sessionIdHash: createHash('sha256').update(session.session.id).digest('hex').slice(0, 16),
  };
}
