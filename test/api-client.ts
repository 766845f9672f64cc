import createClient from 'openapi-fetch';
import type { paths as FamilyAPaths } from '@/lib/openapi/generated/family-a';
import type { paths as FamilyBPaths } from '@/lib/openapi/generated/family-b';
import { checkDocumented, routeFiles } from './api-contract';

/**
 * Typed clients generated from the OpenAPI documents (openapi-typescript types + openapi-fetch),
 * wired to the real route handlers in this process: each request is dispatched to the
 * route.ts its URL names, as Next would, and each response is held to the document first
 * (test/api-contract.ts). A breaking change to the documents fails the type check of the tests
 * that use them; a response that drifts from them fails the test.
 */
const ORIGIN = 'http://127.0.0.1:3999';
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const routes = routeFiles().map((r) => {
  const urlPath = r.family === 'A' ? `/api/v1${r.path}` : r.path;
  const names: string[] = [];
  const source = urlPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  // Literal segments first, so `/cl2c/nft/holders` wins over `/cl2c/nft/{id}`.
  return { ...r, names, regex: new RegExp(`^${source}$`), literal: names.length };
});
routes.sort((a, b) => a.literal - b.literal);

/** A `fetch` that hands the request to the route handler its path names. */
export async function inProcessFetch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const route of routes) {
    const match = route.regex.exec(pathname);
    if (!match) continue;
    const mod = (await import(route.file)) as Record<string, Handler | undefined>;
    const handler = mod[request.method];
    if (!handler) return new Response(null, { status: 405 });
    const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    const res = await handler(request, { params: Promise.resolve(params) });
    const text = await res.text();
    await checkDocumented(handler, { status: res.status, headers: res.headers, text });
    return new Response(text || null, { status: res.status, headers: res.headers });
  }
  return new Response(null, { status: 404 });
}

export function familyAClient(apiKey: string) {
  return createClient<FamilyAPaths>({ baseUrl: `${ORIGIN}/api/v1`, headers: { 'x-api-key': apiKey }, fetch: inProcessFetch });
}

/** Family A as the console calls it: a signed-in admin's session headers (test/helpers.ts adminSessionHeaders). */
export function familyASessionClient(sessionHeaders: Record<string, string>) {
  return createClient<FamilyAPaths>({ baseUrl: `${ORIGIN}/api/v1`, headers: sessionHeaders, fetch: inProcessFetch });
}

export function familyBClient(tenant: string, apiKey: string) {
  return createClient<FamilyBPaths>({ baseUrl: ORIGIN, headers: { tenant, 'X-API-Key': apiKey }, fetch: inProcessFetch });
}
