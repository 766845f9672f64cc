import { familyA } from '@/lib/http/family-a';
import { createWebhookBody } from '@/lib/webhooks/schemas';
import { createWebhook, listWebhooks } from '@/lib/webhooks/service';

export const GET = familyA({}, ({ actor, store }) => listWebhooks(store, actor.organizationId));

export const POST = familyA({ body: createWebhookBody, status: 201 }, ({ actor, body, store }) => createWebhook(store, actor, body));
