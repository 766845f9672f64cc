import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { organizations } from '@/lib/storage/tables';
import { findActiveKey } from '@/lib/api-keys/service';
import { AppError, UnauthorizedError, ValidationError } from '@/lib/errors';
import { errorFields, log } from '@/lib/logger';
import { clientClosed, clientClosedResponse } from './client-closed';
import type { Actor } from '@/lib/shared/actor';
import { ONE_MIB, readJsonBody } from './body';
import { clientAddress } from './client-address';
import { finishResponse } from './response-headers';
import { chargeAddressFailure, checkAddressBudget, enforceCallerLimits, type RateLimitState } from './rate-limit';
import { plainInput } from '@/lib/shared/text';
import { getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { issueLines } from './zod-issues';

type Schema = z.ZodType | undefined;
type Infer<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** The tenant and the key owner ("the currently authenticated user" of Family B). */
export type TenantActor = Actor & { kind: 'api_key'; tenant: string };

export type FamilyBContext<P extends Schema, B extends Schema> = {
  req: Request;
  params: Infer<P>;
  body: Infer<B>;
  actor: TenantActor;
  requestId: string;
  /** The process's database (lib/storage/current.ts), for services on the Store. */
  store: Store;
};

type Options<P extends Schema, B extends Schema> = {
  /** Stable operation name reported as `source` in the default error body. */
  source: string;
  params?: P;
  body?: B;
  maxBodyBytes?: number;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export const PROBLEM_TYPE = 'https://tools.ietf.org/html/rfc7231#section-6.5.1';
export const PROBLEM_TITLE = 'One or more validation errors occurred.';

/**
 * Builds a Family B route handler (DESIGN §4): `tenant` + `X-API-Key` (a family B key of that
 * tenant's organization), path and body parsed with zod, validation failures as 400
 * ProblemDetails keyed by request path, everything else as the default error body with a fresh
 * `errorId` that is also logged.
 */
export function familyB<P extends Schema = undefined, B extends Schema = undefined>(
  options: Options<P, B>,
  fn: (ctx: FamilyBContext<P, B>) => unknown,
) {
  return async (req: Request, route?: RouteContext): Promise<Response> => {
    const requestId = req.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    let limit: RateLimitState | null = null;
    try {
      const address = clientAddress(req);
      limit = await checkAddressBudget(address);
      const store = await getStore();
      let actor: TenantActor;
      try {
        actor = await authenticate(store, req, requestId);
      } catch (error) {
        if (error instanceof UnauthorizedError) await chargeAddressFailure(address);
        throw error;
      }
      limit = await enforceCallerLimits(`key:${actor.keyId}`, actor.organizationId);
      const params = parseWith(options.params, (await route?.params) ?? {}, 'The path is invalid.', 'id');
      const body = options.body
        ? parseWith(options.body, await readJsonBody(req, options.maxBodyBytes ?? ONE_MIB), 'The request body is invalid.', 'body')
        : undefined;
      const result = await fn({ req, params, body, actor, requestId, store } as FamilyBContext<P, B>);
      if (result instanceof Response) {
        result.headers.set('x-request-id', requestId);
        return finishResponse(result, limit);
      }
      return finishResponse(Response.json(result, { status: 200, headers: { 'x-request-id': requestId } }), limit);
    } catch (error) {
      return finishResponse(familyBErrorResponse(error, { requestId, req, source: options.source }), limit);
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

async function authenticate(store: Store, req: Request, requestId: string): Promise<TenantActor> {
  const tenant = req.headers.get('tenant')?.trim().toLowerCase();
  const key = req.headers.get('x-api-key')?.trim();
  if (!tenant || !key) throw new UnauthorizedError('Send both the tenant and X-API-Key headers.');
  const [org] = await store.select({ id: organizations.id }).from(organizations).where(eq(organizations.tenant, tenant));
  const row = org ? await findActiveKey(store, key, 'B') : null;
  // One message for every failure so a caller cannot probe which tenants or keys exist.
  if (!org || !row || row.organizationId !== org.id) {
    throw new UnauthorizedError('The X-API-Key header does not hold an active key of this tenant.');
  }
  return { kind: 'api_key', keyId: row.id, userId: row.userId, organizationId: org.id, tenant, requestId };
}

/** ProblemDetails for validation, the default error body for everything else. */
export function familyBErrorResponse(
  error: unknown,
  { requestId, req, source }: { requestId: string; req: Request; source: string },
): Response {
  const headers: Record<string, string> = { 'x-request-id': requestId };
  const path = new URL(req.url).pathname;
  if (error instanceof ValidationError) {
    return Response.json(
      {
        type: PROBLEM_TYPE,
        title: PROBLEM_TITLE,
        status: 400,
        detail: error.message,
        instance: path,
        errors: error.fieldErrors(),
        traceId: requestId,
      },
      { status: 400, headers: { ...headers, 'content-type': 'application/problem+json' } },
    );
  }
  if (clientClosed(error, req)) return clientClosedResponse(req, requestId, { source });
  const errorId = crypto.randomUUID();
  const known = error instanceof AppError;
  const status = known ? error.status : 500;
  const message = known ? error.message : 'An unexpected error occurred.';
  log(status >= 500 ? 'error' : 'warn', 'Family B request failed', {
    errorId,
    requestId,
    source,
    status,
    method: req.method,
    path,
    ...(known ? { error: error.message } : errorFields(error)),
  });
  return Response.json(
    {
      messages: known ? [message, ...error.details] : [message],
      source,
      exception: message,
      errorId,
      supportMessage: `Provide the errorId ${errorId} to the support team for further analysis.`,
      statusCode: status,
    },
    { status, headers: { ...headers, ...(known ? error.headers : {}) } },
  );
}
