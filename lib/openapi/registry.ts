import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

/** Family A error body, shared by every Family A operation. */
export const familyAError = z
  .object({ error: z.string(), details: z.array(z.string()) })
  .meta({ id: 'Error' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: familyAError } },
});

/** Standard Family A error responses, picked per operation. */
export const aErrors = {
  400: errorResponse('Invalid input; `details` names each field.'),
  401: errorResponse('Missing, unknown, revoked or expired API key.'),
  403: errorResponse('Not allowed: a console session’s write from another site, or an API key on a console-only operation.'),
  404: errorResponse('Not found in the key’s organization.'),
  409: errorResponse('Conflicts with the current state.'),
  413: errorResponse('Request body too large.'),
  415: errorResponse('Content-Type is not application/json.'),
  429: errorResponse('Rate limited; wait for `Retry-After` seconds.'),
  500: errorResponse('Unexpected failure; `details` holds `requestId: …`, the id under which it is logged.'),
} as const;

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } };
}

/** The Family A pagination envelope around `item`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
      hasNext: z.boolean(),
      hasPrev: z.boolean(),
    }),
    filters: z.record(z.string(), z.unknown()),
  });
}

/** How a console-only path's description begins. */
export const SESSION_ONLY = 'Console support (admin session only): an API key gets 403.';

/** A streamed CSV answer (offered as a download). */
export function csvDownload(description: string) {
  return {
    description: `${description}: UTF-8 with a byte-order mark, CRLF lines, a header line first; RFC 4180 quoting; a text starting with = + - @ is prefixed with ' (no spreadsheet formulas).`,
    headers: { 'Content-Disposition': { description: 'attachment; filename="<list>-<UTC day>.csv"', schema: { type: 'string' as const } } },
    content: { 'text/csv': { schema: z.string() } },
  };
}

export function newRegistry() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key' });
  return registry;
}
