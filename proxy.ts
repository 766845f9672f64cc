import { NextResponse, type NextRequest } from 'next/server';
import { REQUESTED_PATH_HEADER, requestedPath } from '@/lib/auth/next-path';

/**
 * Passes the page asked for (path + query) to server components, which cannot read the URL
 * themselves: the console layout uses it for `/login?next=…` when the visitor is signed out.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUESTED_PATH_HEADER, requestedPath(request.nextUrl));
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the APIs, the gateway, Next's assets or files with an extension.
  matcher: ['/((?!api/|v1/|ipfs/|_next/|docs|.*\\.[a-z0-9]+$).*)'],
};
