import { createOrganization } from '@/lib/tenants/service';
import { checkDocumented } from './api-contract';
import { getStore } from '@/lib/storage/current';

let counter = 0;

/** A new organization with an OWNER admin and one key of each family. */
export async function createTestOrg(name?: string) {
  counter += 1;
  const label = name ?? `Test Org ${counter} ${crypto.randomUUID().slice(0, 8)}`;
  return createOrganization(await getStore(), {
    name: label,
    adminEmail: `admin-${crypto.randomUUID().slice(0, 8)}@example.test`,
    adminPassword: 'correct horse battery',
  });
}

type Handler = (req: Request, ctx: { params: Promise<any> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as-is. */
  body?: unknown;
  params?: Record<string, string>;
};

/**
 * Calls an exported route handler the way Next does, returning status, headers and JSON.
 * A Family A or B response is first held to its OpenAPI document (test/api-contract.ts).
 */
export async function call(handler: Handler, opts: CallOptions = {}) {
  const url = new URL(opts.path ?? '/test', 'http://127.0.0.1:3999');
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers(opts.headers);
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const res = await handler(new Request(url, { method: opts.method ?? 'GET', headers, body }), {
    params: Promise.resolve(opts.params ?? {}),
  });
  const text = await res.text();
  await checkDocumented(handler, { status: res.status, headers: res.headers, text });
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/**
 * Request headers of a signed-in console admin (session cookie + same-origin), for routes that
 * only a session may call (e.g. the outbox, which shows raw invitation links).
 */
export async function adminSessionHeaders(email: string, password = 'correct horse battery') {
  const { getAuth } = await import('@/lib/auth/server');
  const res = await (await getAuth()).api.signInEmail({ body: { email, password }, asResponse: true });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed with ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'sec-fetch-site': 'same-origin' };
}

/**
 * Request headers of a member's own signed-in session (a copyright holder, an invitee): gives the
 * user a password login first if they have none. Proves the person on link routes.
 */
export async function memberSessionHeaders(user: { id: string; email: string }, password = 'member password 1') {
  const { setPassword } = await import('@/lib/auth/passwords');
  await setPassword(await getStore(), user.id, password);
  return adminSessionHeaders(user.email, password);
}
