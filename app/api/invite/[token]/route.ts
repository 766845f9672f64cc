import { getDb } from '@/db/client';
import { errorResponse } from '@/lib/http/family-a';
import { readJsonBody } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { enforceRateLimit } from '@/lib/http/rate-limit';
import { acceptInvitation, invitationStateError, lookupInvitation } from '@/lib/invitations/service';

/**
 * The invitation link's API (public: the token is the credential). GET tells the page what the
 * token is worth; POST registers the invitee. Errors use the Family A body; expired, revoked or
 * used links are 410, unknown ones 404.
 */
type Ctx = { params: Promise<{ token: string }> };


export async function GET(req: Request, ctx: Ctx) {
  const requestId = crypto.randomUUID();
  try {
    await enforceRateLimit('address', clientAddress(req));
    const { token } = await ctx.params;
    const found = lookupInvitation(getDb(), token);
    if (found.state !== 'valid') throw invitationStateError(found.state);
    return Response.json(
      {
        state: found.state,
        organization: { name: found.organization!.name },
        email: found.invitation!.email,
        expiresAt: found.invitation!.expiresAt.toISOString(),
        alreadyRegistered: found.registeredUser !== null,
      },
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
    const body = await readJsonBody(req);
    const result = acceptInvitation(getDb(), token, body, requestId);
    return Response.json(
      {
        message: `Welcome to ${result.organization.name}.`,
        organization: { name: result.organization.name },
        email: result.email,
        memberId: result.membershipId,
        walletAddress: result.walletAddress,
      },
      { headers: { 'x-request-id': requestId, 'cache-control': 'no-store' } },
    );
  } catch (error) {
    return errorResponse(error, requestId, req);
  }
}
