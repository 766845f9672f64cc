/**
 * OpenAPI 3.0 Schema Object → JSON Schema (draft-07), the form Ajv validates.
 *
 * - `nullable: true` becomes a `"null"` member of `type` (and of `enum` when there is one);
 * - `example` (not a JSON Schema keyword) is dropped;
 * - `#/components/schemas/X` references point at `<base>#/definitions/X`;
 * - with `exact`, an `allOf` of object schemas is merged into one object and every object that
 *   lists `properties` without saying otherwise gets `additionalProperties: false`, so a response
 *   carrying an undocumented field fails instead of slipping through.
 */
export type OpenApiSchema = Record<string, unknown>;

export type ConvertOptions = {
  /** `$id` of the schema holding the converted components under `definitions`. */
  base: string;
  /** The document's `components.schemas`, needed to merge `allOf` parts given by reference. */
  components: Record<string, OpenApiSchema>;
  exact: boolean;
};

const REF_PREFIX = '#/components/schemas/';

export function toJsonSchema(schema: unknown, options: ConvertOptions): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, options));
  if (!isObject(schema)) return schema;
  const source = options.exact && Array.isArray(schema.allOf) ? mergeAllOf(schema, options.components) : schema;
  const out: OpenApiSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'example' || key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) {
      out.$ref = `${options.base}#/definitions/${value.slice(REF_PREFIX.length)}`;
    } else if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v, options)]));
    } else if (key === 'enum' || key === 'required' || key === 'default') {
      out[key] = value;
    } else {
      out[key] = toJsonSchema(value, options);
    }
  }
  Object.assign(out, exclusiveBounds(source, out));
  if (source.nullable === true) {
    const type = source.type;
    if (typeof type === 'string') out.type = [type, 'null'];
    if (Array.isArray(source.enum) && !source.enum.includes(null)) out.enum = [...(source.enum as unknown[]), null];
  }
  if (options.exact && isObjectSchema(out) && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The document's component schemas as one JSON Schema with `$id` and `definitions`. */
export function componentsAsJsonSchema(components: Record<string, OpenApiSchema>, base: string, exact: boolean) {
  const options = { base, components, exact };
  return {
    $id: base,
    definitions: Object.fromEntries(Object.entries(components).map(([name, s]) => [name, toJsonSchema(s, options)])),
  };
}

/** 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` (modifying minimum/maximum) → draft-07 numbers. */
export function exclusiveBounds(source: OpenApiSchema, out: OpenApiSchema): OpenApiSchema {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof source[flag] !== 'boolean') continue;
    delete out[flag];
    if (source[flag] === true && typeof source[bound] === 'number') {
      out[flag] = source[bound];
      delete out[bound];
    }
  }
  return out;
}

function isObjectSchema(s: OpenApiSchema): boolean {
  const type = s.type;
  const isObjectType = type === 'object' || (Array.isArray(type) && type.includes('object'));
  return isObjectType && isObject(s.properties);
}

/** `allOf: [A, B]` of object schemas → one object with the union of properties and `required`. */
function mergeAllOf(schema: OpenApiSchema, components: Record<string, OpenApiSchema>): OpenApiSchema {
  const parts = (schema.allOf as unknown[]).map((part) => deref(part, components));
  if (!parts.every((p) => isObject(p) && p.type === 'object' && !p.allOf)) return schema;
  const { allOf: _allOf, ...rest } = schema;
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of parts as OpenApiSchema[]) {
    Object.assign(properties, part.properties ?? {});
    for (const name of (part.required as string[] | undefined) ?? []) required.add(name);
  }
  return { ...rest, type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
}

function deref(part: unknown, components: Record<string, OpenApiSchema>): unknown {
  if (isObject(part) && typeof part.$ref === 'string' && part.$ref.startsWith(REF_PREFIX)) {
    const target = components[part.$ref.slice(REF_PREFIX.length)];
    return target && Array.isArray(target.allOf) ? mergeAllOf(target, components) : target;
  }
  return part;
}

function isObject(v: unknown): v is OpenApiSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
