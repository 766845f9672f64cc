import { hashPassword } from 'better-auth/crypto';
import { getPersonFromHeaders } from '@/lib/auth/session';
import { linkRoute, readPlainJsonBody } from '@/lib/http/link-route';
import { acceptInvitation, invitationStateError, lookupInvitation } from '@/lib/invitations/service';
import { getStore } from '@/lib/storage/current';

/**
 * The invitation link's API. GET tells the page what the token is worth; POST accepts: a new
 * person registers with the form, a registered person only from their own signed-in session
 * (401/403 otherwise, see acceptInvitation). Errors use the Family A body; expired, revoked or
 * used links are 410, unknown ones 404.
 */
type Params = { token: string };

export const GET = linkRoute<Params>(async ({ params }) => {
  const found = await lookupInvitation(await getStore(), params.token);
  if (found.state !== 'valid') throw invitationStateError(found.state);
  return {
    state: found.state,
    organization: { name: found.organization!.name },
    email: found.invitation!.email,
    expiresAt: found.invitation!.expiresAt.toISOString(),
    alreadyRegistered: found.registeredUser !== null,
  };
});

export const POST = linkRoute<Params>(async ({ req, params, requestId }) => {
  const body = await readPlainJsonBody(req);
  const person = await getPersonFromHeaders(req.headers);
  const password = (body as { password?: unknown } | null)?.password;
  // Hashed before the transaction (no waiting inside it); only used when the link registers a new person.
  const passwordHash = typeof password === 'string' && password.length >= 8 && password.length <= 128 ? await hashPassword(password) : null;
  const result = await acceptInvitation(await getStore(), params.token, body, requestId, person, passwordHash);
  return {
    message: `Welcome to ${result.organization.name}.`,
    organization: { name: result.organization.name },
    email: result.email,
    memberId: result.membershipId,
    walletAddress: result.walletAddress,
  };
});
