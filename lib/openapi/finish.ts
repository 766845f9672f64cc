/**
 * The last step of generating a document: what zod-to-openapi leaves non-portable in OpenAPI 3.0,
 * and what every operation answers because of its family's wrapper (lib/http/family-*.ts), in
 * one place — so an operation added later gets the same treatment without remembering to.
 */
import type { OperationExamples } from './examples';

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

/**
 * `errors`: the family's standard error responses (their descriptions are reused);
 * `examples`: request and response examples by operationId (lib/openapi/examples.ts).
 */
export function finishDocument<T extends object>(
  doc: T,
  family: Family,
  errors: Partial<Record<number, { description: string }>>,
  examples: Record<string, OperationExamples>,
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
      if (!op) continue;
      addWrapperResponses(op, method, family, wrapper);
      addExamples(op, family, examples[op.operationId as string]);
    }
  }
  return doc;
}

function addWrapperResponses(op: Json, method: string, family: Family, wrapper: WrapperResponses) {
  const responses = op.responses as Record<string, Json>;
  const hasBody = op.requestBody !== undefined;
  const parameters = (op.parameters as { in: string }[] | undefined) ?? [];
  // Path ids are not validated by the wrappers (an operation whose service checks them documents its own 400).
  const validates = hasBody || parameters.some((p) => p.in === 'query');
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

function addExamples(op: Json, family: Family, given: OperationExamples | undefined) {
  const body = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
  if (body && given?.request !== undefined) body.example = given.request;
  for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
    const media = Object.values((response.content ?? {}) as Record<string, Json>)[0];
    if (!media || media.example !== undefined) continue;
    const example = given?.responses[status] ?? errorExample(family, Number(status), response.description as string, op.operationId as string);
    if (example !== undefined) media.example = example;
  }
}

/** A realistic body for a generic failure (2xx and domain answers come from examples.ts). */
function errorExample(family: Family, status: number, description: string, operationId: string): unknown {
  if (status < 400) return undefined;
  const message = description.split(/[;.]/)[0]!.trim() + '.';
  if (family === 'A') {
    if (status === 400) return { error: 'Invalid request body.', details: ['name: is required'] };
    if (status === 500) return { error: 'Internal server error.', details: ['requestId: 3f2c1c1e-8b0e-4a51-9f5e-2d7f3f1e9a10'] };
    return { error: message, details: [] };
  }
  if (status === 400) {
    return {
      type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: 'The request body is invalid.',
      instance: '/v1/cl2c/user',
      errors: { email: ['must be a valid e-mail address'] },
      traceId: '3f2c1c1e-8b0e-4a51-9f5e-2d7f3f1e9a10',
    };
  }
  const errorId = '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b';
  return {
    messages: [message],
    source: operationId.charAt(0).toUpperCase() + operationId.slice(1),
    exception: message,
    errorId,
    supportMessage: `Provide the errorId ${errorId} to the support team for further analysis.`,
    statusCode: status,
  };
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
