import { getDb } from '@/db/client';
import { copyrightDecisionBody } from '@/lib/copyright/schemas';
import { authorizationView, decideByToken, linkStateError, lookupRequest } from '@/lib/copyright/service';
import { ValidationError } from '@/lib/errors';
import { readJsonBody } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { errorResponse } from '@/lib/http/family-a';
import { enforceRateLimit } from '@/lib/http/rate-limit';
import { issueLines } from '@/lib/http/zod-issues';

/**
 * The authorization link's API (public: the token is the credential). GET shows what the holder
 * is asked; POST records their decision. Errors use the Family A body: unknown links 404; used,
 * replaced, cancelled, expired links and holders no longer members 410.
 */
type Ctx = { params: Promise<{ token: string }> };

export async function GET(req: Request, ctx: Ctx) {
  const requestId = crypto.randomUUID();
  try {
    await enforceRateLimit('address', clientAddress(req));
    const { token } = await ctx.params;
    const db = getDb();
    const found = lookupRequest(db, token);
    if (found.state !== 'valid') throw linkStateError(found.state);
    return Response.json(
      { state: found.state, ...authorizationView(db, found.request!) },
      { headers: { 'x-request-id': requestId, 'cache-control': 'no-store' } },
    );
  } catch (error) {
    return errorResponse(error, requestId, req);
  }
}

export async function POST(req: Request, ctx: Ctx) {
  const requestId = crypto.randomUUID();
  try {
    await enforceRateLimit('address', clientAddress(req));
    const { token } = await ctx.params;
    const parsed = copyrightDecisionBody.safeParse(await readJsonBody(req));
    if (!parsed.success) throw new ValidationError('Invalid request body.', issueLines(parsed.error, 'body'));
    const result = await decideByToken(getDb(), token, parsed.data, { requestId, clientAddress: clientAddress(req) });
    return Response.json(result, { headers: { 'x-request-id': requestId } });
  } catch (error) {
    return errorResponse(error, requestId, req);
  }
}
