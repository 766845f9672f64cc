import { OpenApiGeneratorV3, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerNftSearchPaths } from '@/lib/nft-search/openapi';
import { registerTenantUserPaths } from '@/lib/tenant-users/openapi';
import { familyBExamples } from '@/lib/openapi/examples';
import { bErrors } from '@/lib/openapi/family-b-errors';
import { finishDocument } from '@/lib/openapi/finish';

// Kept exported from here for the callers that import them from the document's module.
export { bErrors, errorResult, problemDetails } from '@/lib/openapi/family-b-errors';

/** The Family B OpenAPI 3.0.3 document, generated from the handlers' own zod schemas. */
export function familyBDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'tenant', { type: 'apiKey', in: 'header', name: 'tenant' });
  registry.registerComponent('securitySchemes', 'tenantApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  registerNftSearchPaths(registry);
  registerTenantUserPaths(registry);
  const doc = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'CL2C Admin — Family B (tenant API)',
      version: '1.0.0',
      description:
        'Tenant-scoped API. Send the `tenant` header (the organization’s tenant slug) and `X-API-Key` (a family B key of that organization) on every call. The key’s owner is the current user of PUT /v1/cl2c/user.',
    },
    servers: [{ url: '/' }],
    security: [{ tenant: [], tenantApiKey: [] }],
  });
  return finishDocument(doc, 'B', bErrors, familyBExamples);
}
