import { familyA } from '@/lib/http/family-a';
import { listOutboxQuery } from '@/lib/mail/schemas';
import { listOutbox } from '@/lib/mail/outbox';

/**
 * The dev mail viewer shows raw invitation links (each one registers a member), so only a
 * signed-in admin may read it; an API key gets 403.
 */
export const GET = familyA({ sessionOnly: true, query: listOutboxQuery }, ({ actor, query, store }) => listOutbox(store, actor.organizationId, query));
