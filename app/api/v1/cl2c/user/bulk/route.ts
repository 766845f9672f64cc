import { familyA } from '@/lib/http/family-a';
import { bulkInviteBody } from '@/lib/invitations/schemas';
import { bulkInvite } from '@/lib/invitations/service';

export const POST = familyA({ body: bulkInviteBody }, ({ actor, body, store }) => bulkInvite(store, actor, body));
