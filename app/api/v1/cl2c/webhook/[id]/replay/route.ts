import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { replayWebhookBody } from '@/lib/webhooks/schemas';
import { replayWebhook } from '@/lib/webhooks/service';

export const POST = familyA<{ id: string }, undefined, typeof replayWebhookBody>({ body: replayWebhookBody }, ({ actor, params, body }) =>
  replayWebhook(getDb(), actor, params.id, body),
);
