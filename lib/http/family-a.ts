import type { z } from 'zod';
import { findActiveKey } from '@/lib/api-keys/service';
import { getAdminFromHeaders } from '@/lib/auth/session';
import { AppError, ForbiddenError, UnauthorizedError, ValidationError } from '@/lib/errors';
import { errorFields, log } from '@/lib/logger';
import { clientClosed, clientClosedResponse } from './client-closed';
import type { Actor } from '@/lib/shared/actor';
import { ONE_MIB, readJsonBody } from './body';
import { queryObject } from '@/lib/shared/query';
import { clientAddress, requestHost } from './client-address';
import { finishResponse } from './response-headers';
import { chargeAddressFailure, checkAddressBudget, enforceCallerLimits, type RateLimitState } from './rate-limit';
import { plainInput } from '@/lib/shared/text';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { issueLines } from './zod-issues';

type Schema = z.ZodType | undefined;
type Infer<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export type FamilyAContext<P, Q extends Schema, B extends Schema> = {
  req: Request;
  params: P;
  query: Infer<Q>;
  body: Infer<B>;
  actor: Actor;
  requestId: string;
  /** The process's database (lib/storage/current.ts), for services on the Store. */
  store: Store;
};

type Options<Q extends Schema, B extends Schema> = {
  query?: Q;
  body?: B;
  /** Status of a successful response (DESIGN §3: 201 for creates, 200 otherwise). */
  status?: number;
  maxBodyBytes?: number;
  /** Only a signed-in admin may call this (console-only routes such as API key management): a key must not mint keys. */
  sessionOnly?: boolean;
};

type RouteContext<P> = { params: Promise<P> };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Builds a Family A route handler: authenticates (x-api-key or an admin session cookie), parses
 * query and body with the given zod schemas, runs `fn`, and turns every error into
 * `{error, details}` with the right status. Every response carries `x-request-id`.
 */
export function familyA<P = Record<string, string>, Q extends Schema = undefined, B extends Schema = undefined>(
  options: Options<Q, B>,
  fn: (ctx: FamilyAContext<P, Q, B>) => unknown,
) {
  return async (req: Request, route?: RouteContext<P>): Promise<Response> => {
    const requestId = req.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    let limit: RateLimitState | null = null;
    try {
      const address = clientAddress(req);
      limit = await checkAddressBudget(address);
      const store = await getStore();
      const actor = await authenticate(store, req, requestId, options.sessionOnly ?? false).catch(async (error: unknown) => {
        if (error instanceof UnauthorizedError) await chargeAddressFailure(address);
        throw error;
      });
      limit = await enforceCallerLimits(actor.kind === 'api_key' ? `key:${actor.keyId}` : `user:${actor.userId}`, actor.organizationId);
      const params = (await route?.params) ?? ({} as P);
      const query = parseWith(options.query, queryObject(new URL(req.url)), 'Invalid query parameters.', 'query');
      const body = options.body
        ? parseWith(options.body, await readJsonBody(req, options.maxBodyBytes ?? ONE_MIB), 'Invalid request body.', 'body')
        : undefined;
      const result = await fn({ req, params, query, body, actor, requestId, store } as FamilyAContext<P, Q, B>);
      if (result instanceof Response) {
        result.headers.set('x-request-id', requestId);
        return finishResponse(result, limit);
      }
      return finishResponse(
        Response.json(result, { status: options.status ?? 200, headers: { 'x-request-id': requestId } }),
        limit,
      );
    } catch (error) {
      return finishResponse(errorResponse(error, requestId, req), limit);
    }
  };
}

function parseWith<S extends Schema>(schema: S, input: unknown, message: string, root: string) {
  if (!schema) return undefined;
  // Control characters and hostile nesting are refused before the route's schema sees (or recurses into) the input.
  const plain = plainInput.safeParse(input);
  if (!plain.success) throw new ValidationError(message, issueLines(plain.error, root));
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ValidationError(message, issueLines(parsed.error, root));
  return parsed.data;
}

async function authenticate(store: Store, req: Request, requestId: string, sessionOnly: boolean): Promise<Actor> {
  const key = req.headers.get('x-api-key');
  if (key !== null && sessionOnly) {
    throw new ForbiddenError('API keys cannot be used here; sign in to the console as an administrator.');
  }
  if (key !== null) {
    const row = key ? await findActiveKey(store, key.trim(), 'A') : null;
    if (!row) throw new UnauthorizedError('The x-api-key header does not hold an active API key.');
    return { kind: 'api_key', keyId: row.id, userId: row.userId, organizationId: row.organizationId, requestId };
  }
  const admin = await getAdminFromHeaders(req.headers);
  if (!admin) throw new UnauthorizedError('Send an x-api-key header or sign in as an administrator.');
  if (STATE_CHANGING.has(req.method) && !isSameOrigin(req)) {
    throw new ForbiddenError('Cross-site requests may not change data.');
  }
  return { kind: 'user', userId: admin.admin.id, organizationId: admin.organization.id, requestId };
}

/** Cookie-authenticated writes must come from this app's own pages. */
function isSameOrigin(req: Request): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = req.headers.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === requestHost(req);
  } catch {
    return false;
  }
}

export function errorResponse(error: unknown, requestId: string, req: Request): Response {
  const headers: Record<string, string> = { 'x-request-id': requestId };
  if (error instanceof AppError) {
    return Response.json(
      { error: error.message, details: error.details },
      { status: error.status, headers: { ...headers, ...error.headers } },
    );
  }
  if (clientClosed(error, req)) return clientClosedResponse(req, requestId);
  log('error', 'unhandled error in Family A handler', {
    requestId,
    method: req.method,
    path: new URL(req.url).pathname,
    ...errorFields(error),
  });
  return Response.json(
    { error: 'Internal server error.', details: [`requestId: ${requestId}`] },
    { status: 500, headers },
  );
}
