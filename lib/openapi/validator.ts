import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { componentsAsJsonSchema, exclusiveBounds, toJsonSchema, type OpenApiSchema } from './json-schema';

/**
 * Holds responses (and examples) to an OpenAPI 3.0 document with Ajv in strict mode.
 * Test-only: Ajv is a dev dependency and nothing in the app imports this file.
 */
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
};
type MediaType = { schema?: unknown; example?: unknown };
type HeaderObject = { required?: boolean; schema?: unknown };
type ResponseObject = { content?: Record<string, MediaType>; headers?: Record<string, HeaderObject> };
export type Operation = {
  operationId?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  [key: string]: unknown;
};

export type ObservedResponse = {
  status: number;
  headers: Headers;
  /** The raw body text. */
  text: string;
};

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function newAjv() {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

export class DocumentValidator {
  private readonly ajv = newAjv();
  private readonly base: string;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { regex: RegExp; path: string }[];

  constructor(
    readonly doc: OpenApiDocument,
    name: string,
  ) {
    this.base = `https://cl2c.invalid/${name}.json`;
    const components = doc.components?.schemas ?? {};
    this.ajv.addSchema(componentsAsJsonSchema(components, this.base, true));
    this.templates = Object.keys(doc.paths).map((path) => ({
      path,
      regex: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** The documented path template a concrete path matches (`/cl2c/nft/abc` → `/cl2c/nft/{id}`). */
  matchPath(concretePath: string): string | undefined {
    const exact = this.templates.find((t) => t.path === concretePath);
    return (exact ?? this.templates.find((t) => t.regex.test(concretePath)))?.path;
  }

  operation(method: string, path: string): Operation | undefined {
    return this.doc.paths[path]?.[method.toLowerCase()];
  }

  /** Every problem with a response to `method path` (empty = it is exactly as documented). */
  responseProblems(method: string, path: string, res: ObservedResponse): string[] {
    const where = `${method.toUpperCase()} ${path} → ${res.status}`;
    const op = this.operation(method, path);
    if (!op) return [`${method.toUpperCase()} ${path} is not documented`];
    const documented = op.responses[String(res.status)];
    if (!documented) return [`${where}: status not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      if (header.required && !res.headers.has(name)) problems.push(`${where}: required header ${name} missing`);
    }
    const media = Object.keys(documented.content ?? {});
    if (media.length === 0) {
      if (res.text !== '') problems.push(`${where}: documented without a body but has one`);
      return problems;
    }
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const entry = documented.content?.[contentType];
    if (!entry) return [...problems, `${where}: content-type "${contentType}" not documented (documented: ${media.join(', ')})`];
    // A text answer (a CSV download) is the string its schema describes.
    if (!contentType.endsWith('json')) return [...problems, ...this.schemaProblems(`${method} ${path} ${res.status} ${contentType}`, entry.schema, res.text, where)];
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return [...problems, `${where}: body is not JSON`];
    }
    return [...problems, ...this.schemaProblems(`${method} ${path} ${res.status} ${contentType}`, entry.schema, body, where)];
  }

  /** Problems of `value` against an OpenAPI schema of this document (exact: no undocumented fields). */
  schemaProblems(cacheKey: string, schema: unknown, value: unknown, where: string, exact = true): string[] {
    const key = `${exact ? 'exact' : 'open'}:${cacheKey}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const components = this.doc.components?.schemas ?? {};
      const converted = toJsonSchema(schema, { base: this.base, components, exact }) as object;
      validate = this.ajv.compile(converted);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message ?? ''}${paramsText(e.params)}`);
  }
}

function paramsText(params: Record<string, unknown>): string {
  const extra = params.additionalProperty ?? params.allowedValues ?? params.missingProperty;
  return extra === undefined ? '' : ` (${JSON.stringify(extra)})`;
}

/**
 * Compiles every schema of the document as it is written (OpenAPI 3.0 keywords, no conversion)
 * with Ajv strict mode and its built-in OpenAPI `nullable` support — the way Ajv-based generators read it
 * (only 3.0's boolean exclusive bounds are turned into draft-07 numbers, as they all do).
 * Throws on the first schema Ajv refuses.
 */
export function compileAsWritten(doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: true, allowUnionTypes: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example', metaSchema: {} });
  const base = 'https://cl2c.invalid/as-written.json';
  const rewrite = (s: unknown): unknown =>
    JSON.parse(JSON.stringify(s).replaceAll('"#/components/schemas/', `"${base}#/definitions/`), (_key, value: unknown) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) ? exclusiveBounds(value as OpenApiSchema, { ...value }) : value,
    ) as unknown;
  ajv.addSchema({ $id: base, definitions: rewrite(doc.components?.schemas ?? {}) as object });
  const schemas: [string, unknown][] = Object.keys(doc.components?.schemas ?? {}).map((name) => [
    `components.schemas.${name}`,
    { $ref: `${base}#/definitions/${name}` },
  ]);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      for (const p of (op.parameters as { name: string; schema: unknown }[] | undefined) ?? []) {
        schemas.push([`${method} ${path} parameter ${p.name}`, rewrite(p.schema)]);
      }
      for (const [type, m] of Object.entries(op.requestBody?.content ?? {})) schemas.push([`${method} ${path} body ${type}`, rewrite(m.schema)]);
      for (const [status, r] of Object.entries(op.responses)) {
        for (const [type, m] of Object.entries(r.content ?? {})) schemas.push([`${method} ${path} ${status} ${type}`, rewrite(m.schema)]);
        for (const [name, h] of Object.entries(r.headers ?? {})) schemas.push([`${method} ${path} ${status} header ${name}`, rewrite(h.schema)]);
      }
    }
  }
  for (const [where, schema] of schemas) {
    try {
      ajv.compile(schema as object);
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return schemas.length;
}
