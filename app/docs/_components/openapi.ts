/** The parts of an OpenAPI 3.0 document the reference page renders. */
export type SchemaObject = {
  $ref?: string;
  type?: string;
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
};

export type ParameterObject = {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
};

export type MediaObject = { schema?: SchemaObject; example?: unknown };
export type RequestBodyObject = {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaObject>;
};
export type ResponseObject = { description?: string; content?: Record<string, MediaObject> };

export type OperationObject = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
};

export type SecurityScheme = { type: string; in?: string; name?: string; description?: string };

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, OperationObject | ParameterObject[] | undefined>>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
  security?: Record<string, string[]>[];
};

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export type Operation = {
  /** Anchor id on the page. */
  key: string;
  method: Method;
  path: string;
  /** Server URL + path, as a caller would request it. */
  fullPath: string;
  op: OperationObject;
  parameters: ParameterObject[];
};

/** `#/components/schemas/SmartContract` → the schema (one level; nested refs resolve as they render). */
export function resolveSchema(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): SchemaObject | undefined {
  if (!schema?.$ref) return schema;
  const name = refName(schema.$ref);
  return doc.components?.schemas?.[name];
}

export function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

/** Every operation of the document, grouped by its first tag, in document order. */
export function operationsByTag(doc: OpenApiDocument, familyKey: string): [string, Operation[]][] {
  const server = (doc.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      const list = groups.get(tag) ?? [];
      list.push({
        key: `${familyKey}-${op.operationId ?? `${method}-${path}`}`.replace(
          /[^A-Za-z0-9_-]+/g,
          '-',
        ),
        method,
        path,
        fullPath: `${server}${path}`,
        op,
        parameters: [...shared, ...(op.parameters ?? [])],
      });
      groups.set(tag, list);
    }
  }
  return [...groups.entries()];
}

/** A plausible JSON value for a schema, used to prefill the "Try it" body. */
export function exampleFor(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  depth = 0,
): unknown {
  const s = resolveSchema(doc, schema);
  if (!s || depth > 6) return null;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const variant = s.oneOf?.[0] ?? s.anyOf?.[0] ?? s.allOf?.[0];
  if (variant) return exampleFor(doc, variant, depth + 1);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(name)) out[name] = exampleFor(doc, prop, depth + 1);
      }
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'date-time') return new Date(0).toISOString();
      if (s.format === 'email') return 'someone@example.com';
      return 'string';
    default:
      return null;
  }
}
