import { familyA } from '@/lib/http/family-a';
import { rotateWebhookSecret } from '@/lib/webhooks/service';

export const POST = familyA<{ id: string }>({}, ({ actor, params, store }) => rotateWebhookSecret(store, actor, params.id));
