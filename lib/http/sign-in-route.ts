import { clientAddress } from '@/lib/http/client-address';
import { log } from '@/lib/logger';
import { safeNextPath } from '@/lib/auth/next-path';
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/server';
import { auditSignIn, checkPasswordLinkRequest, checkPasswordLinkUse, checkSignIn, recordSignInFailure, recordSignInSuccess } from '@/lib/auth/sign-in-guard';

type Handler = (req: Request) => Promise<Response>;

/**
 * The Better Auth endpoints this app exposes (docs/security.md). Everything else the library
 * ships (sign-up, delete-user, change-email, update-user, social, verification …) answers 404:
 * a route nobody uses is a route nobody has to guard.
 */
const EXPOSED = new Set([
  'GET /get-session',
  'GET /list-sessions',
  'POST /sign-in/email',
  'POST /sign-out',
  'POST /revoke-session',
  'POST /revoke-sessions',
  'POST /revoke-other-sessions',
  'POST /change-password',
  // "No password yet, or forgot it?": ask for a link to one's own address, then set the password with it.
  'POST /request-password-reset',
  'POST /reset-password',
]);

/**
 * Endpoints that check a password, and whose account they check it for: the e-mail in the body
 * (sign-in) or the signed-in session's user (change-password). Each goes through the sign-in
 * guard, whatever the body's encoding.
 */
const CREDENTIAL_CHECKS: Record<string, 'body' | 'session'> = {
  'POST /sign-in/email': 'body',
  'POST /change-password': 'session',
};

const MAX_AUTH_BODY = 64 * 1024;

function json(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ code, message }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

function tooMany(retryAfterSeconds: number, message: string): Response {
  return json(429, 'TOO_MANY_ATTEMPTS', message, { 'retry-after': String(retryAfterSeconds) });
}

function until(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString().slice(11, 16);
}

/** Copies a request with the client address header set (any client-sent value is replaced). */
function withClientAddress(req: Request, address: string, body: string | null, contentType?: string): Request {
  const headers = new Headers(req.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  if (contentType) {
    headers.set('content-type', contentType);
    headers.delete('content-length');
  }
  return new Request(req.url, { method: req.method, headers, body });
}

class BodyRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The body of a credential check as ONE JSON object, whatever it was sent as (JSON, form
 * urlencoded, multipart). Better Auth then receives exactly these fields as JSON, so the account
 * the guard counts against is the account the password is checked for — no encoding, duplicate
 * field or parser difference can put a password check beside the guard (issue 26, finding 1).
 */
async function credentialBody(req: Request): Promise<Record<string, unknown>> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const raw = await req.arrayBuffer();
  if (raw.byteLength > MAX_AUTH_BODY) throw new BodyRefused(413, 'The request body is too large.');
  const text = new TextDecoder().decode(raw);
  if (/^application\/([\w.+-]+\+)?json\b/.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BodyRefused(400, 'The request body is not valid JSON.');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BodyRefused(400, 'The request body must be a JSON object.');
    return parsed as Record<string, unknown>;
  }
  let form: Iterable<[string, FormDataEntryValue]>;
  if (type.startsWith('application/x-www-form-urlencoded')) {
    form = new URLSearchParams(text);
  } else if (type.startsWith('multipart/form-data')) {
    try {
      form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
    } catch {
      throw new BodyRefused(400, 'The multipart body could not be read.');
    }
  } else {
    throw new BodyRefused(415, 'Send the credentials as JSON, form-urlencoded or multipart form data.');
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string') throw new BodyRefused(400, `${name}: files are not accepted here`);
    if (name in out) throw new BodyRefused(400, `${name}: given more than once`);
    out[name] = value;
  }
  return out;
}

async function sessionEmail(req: Request, handler: Handler, address: string): Promise<string> {
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/\/change-password$/, '/get-session');
  const headers = new Headers({ cookie: req.headers.get('cookie') ?? '' });
  const res = await handler(withClientAddress(new Request(url, { headers }), address, null));
  const body = (await res.json().catch(() => null)) as { user?: { email?: string } } | null;
  return body?.user?.email?.toLowerCase() ?? '';
}

/** A Better Auth answer saying the password (or e-mail + password) was wrong. */
async function wrongPassword(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  if (res.status !== 400) return false;
  const body = (await res.clone().json().catch(() => null)) as { code?: string } | null;
  return /INVALID_(EMAIL_OR_)?PASSWORD/.test(body?.code ?? '');
}

/**
 * Every Better Auth call passes through here: unexposed endpoints are 404, the client address is
 * set from the trusted peer, every password check (any encoding) passes the sign-in guard (limits,
 * back-off, audit), and no answer carries a session token (the browser has it as an HttpOnly
 * cookie; script must never see it).
 */
export async function guardAuthRequest(req: Request, handler: Handler): Promise<Response> {
  const address = clientAddress(req);
  const path = new URL(req.url).pathname.replace(/^.*\/api\/auth/, '').replace(/\/+$/, '');
  const route = `${req.method === 'HEAD' ? 'GET' : req.method} ${path}`;
  if (!EXPOSED.has(route)) return json(404, 'NOT_FOUND', 'Not found.');
  if (route === 'POST /request-password-reset' || route === 'POST /reset-password') {
    return passwordLinkRoute(route, req, handler, address);
  }
  const check = CREDENTIAL_CHECKS[route];
  if (!check) {
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.text();
    return withoutTokens(await handler(withClientAddress(req, address, body)));
  }

  let fields: Record<string, unknown>;
  try {
    fields = await credentialBody(req);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    // A refused body still counts against the address: it is an attempt.
    await checkSignIn('', address);
    return json(error.status, 'INVALID_BODY', error.message);
  }
  const email =
    check === 'body'
      ? typeof fields.email === 'string'
        ? fields.email.trim().toLowerCase()
        : ''
      : await sessionEmail(req, handler, address);
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
  const forwarded = { ...fields, ...(check === 'body' && email ? { email } : {}) };
  const res = await handler(withClientAddress(req, address, JSON.stringify(forwarded), 'application/json'));
  if (email && (await wrongPassword(res))) {
    const lockSeconds = await recordSignInFailure(email, address);
    await auditSignIn('auth.sign_in_failed', email, address, { endpoint: path });
    if (lockSeconds > 0) {
      await auditSignIn('auth.sign_in_locked', email, address, { lockedSeconds: lockSeconds });
      log('warn', 'sign-in locked', { address, lockedSeconds: lockSeconds });
    }
  } else if (email && res.ok) {
    await recordSignInSuccess(email, address);
  }
  return withoutTokens(res);
}

/**
 * The password-link routes, behind the same body rules as a sign-in (JSON, form or multipart, read
 * as one object) and their own budgets (lib/auth/sign-in-guard.ts). Better Auth receives only the
 * fields it needs: `redirectTo` reduced to a safe same-origin path (the page to continue to after
 * signing in), never a URL that would put another host in the mail.
 */
async function passwordLinkRoute(route: string, req: Request, handler: Handler, address: string): Promise<Response> {
  const requesting = route === 'POST /request-password-reset';
  let fields: Record<string, unknown>;
  try {
    fields = await credentialBody(req);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    await (requesting ? checkPasswordLinkRequest('', address) : checkPasswordLinkUse(address));
    return json(error.status, 'INVALID_BODY', error.message);
  }
  const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
  const wait = requesting ? await checkPasswordLinkRequest(email, address) : await checkPasswordLinkUse(address);
  if (wait > 0) {
    log('warn', requesting ? 'password link requests limited' : 'password link attempts limited', { address, retryAfterSeconds: wait });
    return tooMany(wait, `Too many password link requests. Try again in ${wait} s.`);
  }
  let forwarded: Record<string, unknown>;
  if (requesting) {
    const next = safeNextPath(fields.redirectTo, '');
    forwarded = { email: typeof fields.email === 'string' ? email : fields.email, ...(next ? { redirectTo: next } : {}) };
  } else {
    forwarded = { token: fields.token, newPassword: fields.newPassword };
  }
  return withoutTokens(await handler(withClientAddress(req, address, JSON.stringify(forwarded), 'application/json')));
}

/** Removes every `token` field (session tokens) from a JSON answer, at any depth. */
function stripTokens(value: unknown, depth = 0): unknown {
  if (depth > 4 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => stripTokens(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'token') out[k] = stripTokens(v, depth + 1);
  return out;
}

/** The answer without session tokens in its JSON; status and headers (Set-Cookie) unchanged. */
async function withoutTokens(res: Response): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) return res;
  const text = await res.text();
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, headers: res.headers });
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(stripTokens(payload)), { status: res.status, headers });
}
