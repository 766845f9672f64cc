import { NextResponse, type NextRequest } from 'next/server';
import { REQUESTED_PATH_HEADER, requestedPath } from '@/lib/auth/next-path';
import { baseSecurityHeaders, DATA_CSP, isDataPath, newNonce, pageCsp } from '@/lib/security/headers';

/**
 * Security headers on every page (README "Security"; data paths get theirs from next.config.js). Pages get a CSP with a fresh
 * nonce per request; Next reads it from the request's Content-Security-Policy header and puts it
 * on its own inline scripts (the root layout renders dynamically so every page gets one).
 * Pages also get the path asked for (path + query), which server components cannot read
 * themselves: the console layout uses it for `/login?next=…` when the visitor is signed out.
 */
export function proxy(request: NextRequest) {
  const https = (process.env.APP_URL ?? '').startsWith('https://');
  const path = request.nextUrl.pathname;
  let csp: string;
  let response: NextResponse;
  if (isDataPath(path)) {
    csp = DATA_CSP;
    response = NextResponse.next();
  } else {
    const nonce = newNonce();
    csp = pageCsp(nonce, { https, dev: process.env.NODE_ENV === 'development' });
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('Content-Security-Policy', csp);
    requestHeaders.set(REQUESTED_PATH_HEADER, requestedPath(request.nextUrl));
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(baseSecurityHeaders(https))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Hashed build assets are served by Next directly, and data paths (API, /v1, /ipfs: DATA_PATH_PREFIXES)
  // have only fixed headers: next.config.js sets both sets without running this function.
  matcher: [{ source: '/((?!_next/static|_next/image|api/|v1/|ipfs/).*)' }],
};
