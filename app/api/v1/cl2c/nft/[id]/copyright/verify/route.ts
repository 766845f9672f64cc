import { verifyStoredRecord } from '@/lib/copyright/service';
import { familyA } from '@/lib/http/family-a';

/** Extension: checks the stored EIP-712 signature against the organization's wallet and the record's CID. */
export const GET = familyA<{ id: string }>({}, ({ actor, params, store }) => verifyStoredRecord(store, actor.organizationId, params.id));
