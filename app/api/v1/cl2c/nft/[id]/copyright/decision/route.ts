import { clientAddress } from '@/lib/http/client-address';
import { copyrightDecisionBody } from '@/lib/copyright/schemas';
import { decideAsAdmin } from '@/lib/copyright/service';
import { familyA } from '@/lib/http/family-a';

/** Console only: a holder who is a signed-in admin answers for their own share. */
export const POST = familyA<{ id: string }, undefined, typeof copyrightDecisionBody>(
  { body: copyrightDecisionBody, sessionOnly: true },
  ({ actor, params, body, req, requestId, store }) => decideAsAdmin(store, actor, params.id, body, { requestId, clientAddress: clientAddress(req) }),
);
