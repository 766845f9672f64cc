/**
 * The last step of generating a document: what zod-to-openapi leaves non-portable in OpenAPI 3.0,
 * and what every operation answers because of its family's wrapper (lib/http/family-*.ts), in
 * one place — so an operation added later gets the same treatment without remembering to.
 */
type Json = Record<string, unknown>;
type Family = 'A' | 'B';

/** Matches only `null`: how a nullable `$ref` or union member is written in 3.0 without `allOf`. */
export const NULL_ONLY = { type: 'string', nullable: true, enum: [null], description: 'null' } as const;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const requestIdHeader = {
  description: 'The request id: the caller’s `x-request-id` (up to 100 characters) or a new UUID. Quoted in logs.',
  required: true,
  schema: { type: 'string', example: '3f2c1c1e-8b0e-4a51-9f5e-2d7f3f1e9a10' },
};
const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests allowed per window.', required: false, schema: { type: 'integer', example: 1200 } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', required: false, schema: { type: 'integer', example: 1187 } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', required: false, schema: { type: 'integer', example: 42 } },
};
const retryAfterHeader = {
  description: 'Seconds to wait before retrying.',
  required: true,
  schema: { type: 'integer', minimum: 1, example: 17 },
};

type WrapperStatus = '400' | '401' | '403' | '413' | '415' | '429' | '500';
type WrapperResponses = Record<WrapperStatus, Json>;

/** The family's error body for a status, as a response object referring to the registered component. */
function errorResponseOf(family: Family, status: WrapperStatus, description: string): Json {
  const ref = (name: string) => ({ schema: { $ref: `#/components/schemas/${name}` } });
  if (family === 'A') return { description, content: { 'application/json': ref('Error') } };
  if (status === '400') return { description, content: { 'application/problem+json': ref('ProblemDetails') } };
  return { description, content: { 'application/json': ref('ErrorResult') } };
}

/** `errors`: the family's standard error responses (their descriptions are reused). */
export function finishDocument<T extends object>(
  doc: T,
  family: Family,
  errors: Partial<Record<number, { description: string }>>,
): T {
  const wrapper = Object.fromEntries(
    (['400', '401', '403', '413', '415', '429', '500'] as const).map((status) => [
      status,
      errorResponseOf(family, status, errors[Number(status)]?.description ?? 'Error'),
    ]),
  ) as WrapperResponses;
  const d = doc as unknown as Json;
  d.paths = portable(d.paths);
  d.components = portable(d.components);
  for (const item of Object.values(d.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (op) addWrapperResponses(op, method, family, wrapper);
    }
  }
  return doc;
}

function addWrapperResponses(op: Json, method: string, family: Family, wrapper: WrapperResponses) {
  const responses = op.responses as Record<string, Json>;
  const hasBody = op.requestBody !== undefined;
  const parameters = (op.parameters as { in: string }[] | undefined) ?? [];
  const validates = hasBody || parameters.some((p) => p.in === 'query' || (family === 'B' && p.in === 'path'));
  const add = (status: keyof WrapperResponses, when = true) => {
    if (when && !responses[status]) responses[status] = structuredClone(wrapper[status]);
  };
  add('400', validates);
  add('401');
  // Family A: a console session's write from another site; B has no sessions.
  add('403', family === 'A' && method !== 'get');
  add('413', hasBody);
  add('415', hasBody);
  add('429');
  add('500');
  for (const [status, response] of Object.entries(responses)) {
    const headers = (response.headers ??= {}) as Json;
    headers['x-request-id'] ??= requestIdHeader;
    for (const [name, h] of Object.entries(rateLimitHeaders)) headers[name] ??= h;
    if (status === '429') headers['Retry-After'] ??= retryAfterHeader;
  }
}

/**
 * OpenAPI 3.0 has no `null` type: zod-to-openapi writes `{nullable: true}` alone for `unknown`
 * values and null union members, and `allOf: [$ref, {nullable: true}]` for nullable references —
 * which Ajv refuses (`nullable` without `type`) and 3.0 does not honour. Rewritten as:
 * unknown → `{}` (any JSON value); null member → NULL_ONLY; nullable ref → `anyOf: [$ref, NULL_ONLY]`.
 */
function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (typeof node !== 'object' || node === null) return node;
  const obj = node as Json;
  const allOf = obj.allOf;
  if (Array.isArray(allOf) && allOf.length === 2 && isBareNullable(allOf[1])) {
    const { allOf: _allOf, ...rest } = obj;
    return { ...portableEntries(rest), anyOf: [portable(allOf[0]), NULL_ONLY] };
  }
  const out = portableEntries(obj);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((s) => (isBareNullable(s) ? NULL_ONLY : s));
  }
  if (isBareNullable(obj)) delete out.nullable;
  return out;
}

function portableEntries(obj: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) {
    // anyOf/oneOf members are handled by the caller so a bare `{nullable: true}` becomes NULL_ONLY, not `{}`.
    out[k] = k === 'anyOf' || k === 'oneOf' ? (v as unknown[]).map((s) => (isBareNullable(s) ? s : portable(s))) : portable(v);
  }
  return out;
}

function isBareNullable(s: unknown): boolean {
  if (typeof s !== 'object' || s === null) return false;
  const o = s as Json;
  return o.nullable === true && o.type === undefined && o.$ref === undefined && !o.allOf && !o.anyOf && !o.oneOf && !o.enum;
}
