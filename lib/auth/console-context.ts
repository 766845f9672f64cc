import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getAdminFromHeaders } from './session';

/**
 * The signed-in admin and their organization for a console server component, or a redirect to
 * /login. Cached per request, so the layout and the page share one session lookup.
 */
export const requireConsoleAdmin = cache(async () => {
  const context = await getAdminFromHeaders(await headers());
  if (!context) redirect('/login');
  return context;
});
