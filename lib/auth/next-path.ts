/**
 * Request header the proxy sets to the page asked for (path + query), so a server component that
 * finds no admin session can send the browser to `/login?next=<that page>`. The proxy always
 * overwrites it: a value a client sends itself never gets through.
 */
export const REQUESTED_PATH_HEADER = 'x-cl2c-requested-path';

/** The path + query of a page request, without Next's internal `_rsc` cache-busting parameter. */
export function requestedPath(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('_rsc');
  const qs = params.toString();
  return `${url.pathname}${qs ? `?${qs}` : ''}`;
}

/** `/login`, with `?next=` naming the page asked for when it is a safe same-origin path. */
export function loginPathFor(requested: string | null | undefined): string {
  const next = safeNextPath(requested, '');
  if (!next || next === '/' || next === '/overview') return '/login';
  return `/login?next=${encodeURIComponent(next)}`;
}

/** `/reset-password` (ask for a password link), keeping where to continue and, if known, the address. */
export function passwordLinkPathFor(requested: string | null | undefined, email?: string): string {
  const query = new URLSearchParams();
  const next = safeNextPath(requested, '');
  if (next && next !== '/' && next !== '/overview') query.set('next', next);
  if (email) query.set('email', email);
  const qs = query.toString();
  return `/reset-password${qs ? `?${qs}` : ''}`;
}

/**
 * (No zod here: the password-link forms import this module into the browser.)
 *
 * Only same-origin relative paths are followed after sign-in (no open redirect): one leading `/`,
 * never `//` or `/\` (another host), no whitespace or control characters (browsers drop tabs and
 * newlines, turning `/\t/evil.test` into `//evil.test`), not the sign-in page or an API.
 */
export function safeNextPath(next: unknown, fallback = '/overview'): string {
  if (typeof next !== 'string' || next.length > 2000) return fallback;
  if (!/^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]*$/.test(next)) return fallback;
  if (/^\/(login|api)(?=$|[/?#])/.test(next)) return fallback;
  return next;
}
