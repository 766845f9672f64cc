import { AppError } from '@/lib/errors';
import { clientAddress } from './client-address';
import { errorResponse } from './family-a';
import { chargeAddressFailure, checkAddressBudget, type RateLimitState } from './rate-limit';
import { finishResponse } from './response-headers';

export type LinkContext<P> = { req: Request; params: P; requestId: string; address: string };

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
