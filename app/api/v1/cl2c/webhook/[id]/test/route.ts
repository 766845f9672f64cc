import { getDb } from '@/db/client';
import { familyA } from '@/lib/http/family-a';
import { sendTestEvent } from '@/lib/webhooks/service';

export const POST = familyA<{ id: string }>({}, ({ actor, params }) => sendTestEvent(getDb(), actor, params.id));
