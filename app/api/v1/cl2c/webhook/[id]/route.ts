import { familyA } from '@/lib/http/family-a';
import { updateWebhookBody } from '@/lib/webhooks/schemas';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/webhooks/service';

export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) => getWebhook(store, actor.organizationId, params.id));

export const PATCH = familyA<{ id: string }, undefined, typeof updateWebhookBody>({ body: updateWebhookBody }, ({ actor, params, body, store }) =>
  updateWebhook(store, actor, params.id, body),
);

export const DELETE = familyA<{ id: string }>({}, ({ actor, params, store }) => deleteWebhook(store, actor, params.id));
