import { OpenApiGeneratorV3, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { registerNftSearchPaths } from '@/lib/nft-search/openapi';
import { registerTenantUserPaths } from '@/lib/tenant-users/openapi';
import { familyBExamples } from './examples';
import { finishDocument } from './finish';

/** Family B validation error (400), as ASP.NET Core's ValidationProblemDetails. */
export const problemDetails = z
  .object({
    type: z.string().meta({ example: 'https://tools.ietf.org/html/rfc7231#section-6.5.1' }),
    title: z.string().meta({ example: 'One or more validation errors occurred.' }),
    status: z.number().int().meta({ example: 400 }),
    detail: z.string(),
    instance: z.string().meta({ description: 'The request path.' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Request field path (e.g. `advancedFilter.filters[0].operator`) → messages.' }),
    traceId: z.string().optional().meta({ description: 'The request id (also in the x-request-id header).' }),
  })
  .meta({ id: 'ProblemDetails' });

/** Family B default error body for every other failure. */
export const errorResult = z
  .object({
    messages: z.array(z.string()),
    source: z.string().meta({ description: 'Stable name of the operation.' }),
    exception: z.string(),
    errorId: z.string().uuid().meta({ description: 'Quote this id to support; it is in the server log.' }),
    supportMessage: z.string(),
    statusCode: z.number().int(),
  })
  .meta({ id: 'ErrorResult' });

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemDetails } } });
const failure = (description: string) => ({ description, content: { 'application/json': { schema: errorResult } } });

/** Standard Family B error responses, picked per operation. */
export const bErrors = {
  400: problem('Validation failed; `errors` names each field by its request path.'),
  401: failure('Missing tenant or X-API-Key header, or the key is not an active family B key of that tenant.'),
  403: failure('Not allowed.'),
  404: failure('Not found in this tenant.'),
  409: failure('Conflicts with an existing record.'),
  413: failure('Request body too large.'),
  415: failure('Content-Type is not application/json.'),
  429: failure('Rate limited; wait for `Retry-After` seconds.'),
  500: failure('Unexpected failure; quote `errorId` to support (it is in the server log).'),
} as const;

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
