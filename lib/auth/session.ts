import { getDb } from '@/db/client';
import { getAdminContext } from './admin';
import { getAuth } from './server';

/** The admin behind a request's session cookie, with their organization, or null. */
export async function getAdminFromHeaders(headers: Headers) {
  if (!headers.get('cookie')) return null;
  const session = await getAuth().api.getSession({ headers });
  if (!session) return null;
  return getAdminContext(getDb(), session.user.id);
}
