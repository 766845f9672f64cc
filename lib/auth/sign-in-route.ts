import { clientAddress } from '@/lib/http/client-address';
import { log } from '@/lib/logger';
import { auditSignIn, checkSignIn, recordSignInFailure, recordSignInSuccess } from './sign-in-guard';

/** Header through which Better Auth learns the client address (see lib/auth/server.ts). */
export const CLIENT_ADDRESS_HEADER = 'x-cl2c-client-address';

type Handler = (req: Request) => Promise<Response>;

function tooMany(retryAfterSeconds: number, message: string): Response {
  return Response.json(
    { code: 'TOO_MANY_ATTEMPTS', message },
    { status: 429, headers: { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' } },
  );
}

function until(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString().slice(11, 16);
}

/** Copies a request with the client address header set (any client-sent value is replaced). */
function withClientAddress(req: Request, address: string, body: string | null): Request {
  const headers = new Headers(req.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(req.url, { method: req.method, headers, body });
}

/**
 * Every Better Auth call passes through here so it sees our client address; POST
 * /sign-in/email also passes the sign-in guard (limits, back-off, audit), and its response body
 * loses the session token (the browser gets it as an HttpOnly cookie; script must never see it).
 */
export async function guardAuthRequest(req: Request, handler: Handler): Promise<Response> {
  const address = clientAddress(req);
  const isSignIn = req.method === 'POST' && new URL(req.url).pathname.endsWith('/sign-in/email');
  const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.text();
  if (!isSignIn) return handler(withClientAddress(req, address, body));

  let email = '';
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    if (parsed && typeof parsed === 'object' && typeof (parsed as { email?: unknown }).email === 'string') {
      email = (parsed as { email: string }).email.trim().toLowerCase();
    }
  } catch {
    // Better Auth answers malformed bodies itself (400); they still count against the address.
  }
  const verdict = await checkSignIn(email, address);
  if (!verdict.allowed) {
    const wait = verdict.retryAfterSeconds;
    return tooMany(
      wait,
      verdict.reason === 'address'
        ? `Too many sign-in attempts from your address. Try again in ${wait} s.`
        : `Too many failed sign-ins for this account. It is locked until ${until(wait)} UTC (in ${wait} s).`,
    );
  }
  const res = await handler(withClientAddress(req, address, body));
  if (email && res.status === 401) {
    const lockSeconds = await recordSignInFailure(email, address);
    auditSignIn('auth.sign_in_failed', email, address);
    if (lockSeconds > 0) {
      auditSignIn('auth.sign_in_locked', email, address, { lockedSeconds: lockSeconds });
      log('warn', 'sign-in locked', { address, lockedSeconds: lockSeconds });
    }
  } else if (email && res.ok) {
    await recordSignInSuccess(email, address);
  }
  return res.ok ? withoutToken(res) : res;
}

/** The sign-in JSON without its `token` field; status and headers (Set-Cookie) unchanged. */
async function withoutToken(res: Response): Promise<Response> {
  const text = await res.text();
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, headers: res.headers });
  }
  if (payload && typeof payload === 'object' && 'token' in payload) {
    delete (payload as { token?: unknown }).token;
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(payload), { status: res.status, headers });
}
