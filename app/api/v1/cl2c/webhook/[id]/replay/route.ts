import { familyA } from '@/lib/http/family-a';
import { replayWebhookBody } from '@/lib/webhooks/schemas';
import { replayWebhook } from '@/lib/webhooks/service';

export const POST = familyA<{ id: string }, undefined, typeof replayWebhookBody>({ body: replayWebhookBody }, ({ actor, params, body, store }) =>
  replayWebhook(store, actor, params.id, body),
);
