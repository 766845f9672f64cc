import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { loginPathFor, REQUESTED_PATH_HEADER } from './next-path';
import { getAdminFromHeaders } from './session';

/**
 * The signed-in admin and their organization for a console server component, or a redirect to
 * /login?next=<the page asked for>. Cached per request, so the layout and the page share one
 * session lookup.
 */
export const requireConsoleAdmin = cache(async () => {
  const requestHeaders = await headers();
  const context = await getAdminFromHeaders(requestHeaders);
  if (!context) redirect(loginPathFor(requestHeaders.get(REQUESTED_PATH_HEADER)));
  return context;
});
