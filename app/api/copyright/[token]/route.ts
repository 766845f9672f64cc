import { getPersonFromHeaders } from '@/lib/auth/session';
import { copyrightDecisionBody } from '@/lib/copyright/schemas';
import { authorizationView, decideByToken, linkStateError, lookupRequest } from '@/lib/copyright/service';
import { ValidationError } from '@/lib/errors';
import { linkRoute, readPlainJsonBody } from '@/lib/http/link-route';
import { issueLines } from '@/lib/http/zod-issues';
import { getStore } from '@/lib/storage/current';

/**
 * The authorization link's API. The link identifies the share; deciding needs the holder's own
 * signed-in session (401 without one, 403 for anybody else, admins included). GET shows what the
 * holder is asked; POST records their decision with the session as evidence. Errors use the
 * Family A body: unknown links 404; used, replaced, cancelled, expired links and holders no longer
 * members 410.
 */
type Params = { token: string };

export const GET = linkRoute<Params>(async ({ params }) => {
  const store = await getStore();
  const found = await lookupRequest(store, params.token);
  if (found.state !== 'valid') throw linkStateError(found.state);
  return { state: found.state, ...(await authorizationView(store, found.request!)) };
});

export const POST = linkRoute<Params>(async ({ req, params, requestId, address }) => {
  const parsed = copyrightDecisionBody.safeParse(await readPlainJsonBody(req));
  if (!parsed.success) throw new ValidationError('Invalid request body.', issueLines(parsed.error, 'body'));
  const person = await getPersonFromHeaders(req.headers);
  return decideByToken(await getStore(), params.token, parsed.data, { requestId, clientAddress: address, person });
});
