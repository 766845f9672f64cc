import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { rotateWebhookSecret } from '@/lib/webhooks/service';

export const POST = familyA<{ id: string }>({}, ({ actor, params }) => rotateWebhookSecret(getDb(), actor, params.id));
