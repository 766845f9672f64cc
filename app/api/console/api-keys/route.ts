import { createApiKeyBody, listApiKeysQuery } from '@/lib/api-keys/schemas';
import { issueApiKey, listApiKeysPage } from '@/lib/api-keys/service';
import { familyA } from '@/lib/http/family-a';

// Console-only: a signed-in admin manages keys; an API key may not mint or list keys.
export const GET = familyA({ sessionOnly: true, query: listApiKeysQuery }, ({ actor, query, store }) =>
  listApiKeysPage(store, actor.organizationId, query),
);

export const POST = familyA({ sessionOnly: true, body: createApiKeyBody, status: 201 }, ({ actor, body, store }) =>
  issueApiKey(store, actor, body),
);
