import { familyA } from '@/lib/http/family-a';
import { checkInviteesBody } from '@/lib/invitations/schemas';
import { checkInvitees } from '@/lib/invitations/service';

/** The CSV preview's check: per e-mail, new / already a member / already invited / invalid. Reads only. */
export const POST = familyA({ body: checkInviteesBody }, ({ actor, body, store }) => checkInvitees(store, actor.organizationId, body));
