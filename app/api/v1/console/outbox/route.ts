import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { listOutboxQuery } from '@/lib/mail/schemas';
import { listOutbox } from '@/lib/mail/outbox';

export const GET = familyA({ query: listOutboxQuery }, ({ actor, query }) => listOutbox(getDb(), actor.organizationId, query));
