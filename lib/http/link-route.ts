import { AppError, ValidationError } from '@/lib/errors';
import { plainInput } from '@/lib/shared/text';
import { readJsonBody } from './body';
import { issueLines } from './zod-issues';
import { clientAddress } from './client-address';
import { errorResponse } from './family-a';
import { chargeAddressFailure, checkAddressBudget, type RateLimitState } from './rate-limit';
import { finishResponse } from './response-headers';

export type LinkContext<P> = { req: Request; params: P; requestId: string; address: string };

/** A link route's JSON body, with control characters and hostile nesting refused (400 naming the field). */
export async function readPlainJsonBody(req: Request): Promise<unknown> {
  const body = await readJsonBody(req);
  const plain = plainInput.safeParse(body);
  if (!plain.success) throw new ValidationError('Invalid request body.', issueLines(plain.error, 'body'));
  return body;
}

/** Statuses that mean "this link (or this person) did not check out": they spend the address budget. */
const FAILED = new Set([401, 403, 404, 410]);

/**
 * Builds a handler of a public link route (/api/invite/<token>, /api/copyright/<token>): the link
 * identifies the record, the caller's session proves the person. Like the API families: the
 * address budget is spent only by failures (unknown or dead links, wrong person), every answer —
 * errors too — carries RateLimit-*, `Cache-Control: no-store` and `x-request-id`, and errors use
 * the Family A body.
 */
export function linkRoute<P>(fn: (ctx: LinkContext<P>) => unknown) {
  return async (req: Request, route: { params: Promise<P> }): Promise<Response> => {
    const requestId = crypto.randomUUID();
    const address = clientAddress(req);
    let limit: RateLimitState | null = null;
    try {
      limit = await checkAddressBudget(address);
      const result = await fn({ req, params: await route.params, requestId, address });
      return finishResponse(Response.json(result, { headers: { 'x-request-id': requestId, 'cache-control': 'no-store' } }), limit);
    } catch (error) {
      if (error instanceof AppError && FAILED.has(error.status)) await chargeAddressFailure(address);
      return finishResponse(errorResponse(error, requestId, req), limit);
    }
  };
}
