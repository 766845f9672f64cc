import { familyA } from '@/lib/http/family-a';
import { sendTestEvent } from '@/lib/webhooks/service';

export const POST = familyA<{ id: string }>({}, ({ actor, params, store }) => sendTestEvent(store, actor, params.id));
