import { z } from 'zod';

/*
 * Family B's error bodies and standard responses, below both the document (./family-b.ts) and the
 * areas that register B paths (lib/nft-search/openapi.ts, lib/tenant-users/openapi.ts): the areas
 * import these, the document imports the areas — no circle (as ./registry.ts is for family A).
 */

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
