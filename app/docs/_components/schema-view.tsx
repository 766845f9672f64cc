import type { OpenApiDocument, SchemaObject } from './openapi';
import { refName, resolveSchema } from './openapi';

/** One line of constraints: `string, date-time, 1–100 chars, one of A | B`. */
function describeType(s: SchemaObject): string {
  const parts: string[] = [];
  let type = s.type ?? (s.oneOf || s.anyOf ? 'one of' : s.allOf ? 'all of' : 'any');
  if (s.type === 'array') type = 'array';
  parts.push(s.nullable ? `${type} | null` : type);
  if (s.format) parts.push(s.format);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    parts.push(`${s.minLength ?? 0}–${s.maxLength ?? '∞'} chars`);
  if (s.minimum !== undefined || s.maximum !== undefined)
    parts.push(`${s.minimum ?? '−∞'}…${s.maximum ?? '∞'}`);
  if (s.minItems !== undefined || s.maxItems !== undefined)
    parts.push(`${s.minItems ?? 0}–${s.maxItems ?? '∞'} items`);
  if (s.pattern) parts.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

/**
 * A schema as a nested list of fields. `$ref`s are resolved from the document's components;
 * a schema already being expanded higher up is shown by name only (no infinite recursion).
 */
export function SchemaView({
  doc,
  schema,
  seen = [],
}: {
  doc: OpenApiDocument;
  schema: SchemaObject | undefined;
  seen?: string[];
}) {
  if (!schema) return <p className="text-xs text-slate-500">No schema.</p>;
  const name = schema.$ref ? refName(schema.$ref) : undefined;
  if (name && seen.includes(name))
    return <span className="font-mono text-xs text-indigo-700">{name}</span>;
  const s = resolveSchema(doc, schema);
  if (!s) return <span className="font-mono text-xs text-slate-500">{name ?? 'unknown'}</span>;
  const nextSeen = name ? [...seen, name] : seen;

  if (s.type === 'object' || s.properties) {
    const props = Object.entries(s.properties ?? {});
    return (
      <div>
        {name && <p className="mb-1 font-mono text-xs text-indigo-700">{name}</p>}
        {props.length === 0 ? (
          <p className="text-xs text-slate-600">
            object{s.additionalProperties ? ' with any properties' : ''}
            {s.nullable ? ' | null' : ''}
          </p>
        ) : (
          <ul className="space-y-1.5 border-l border-slate-200 pl-3">
            {props.map(([prop, child]) => {
              const resolved = resolveSchema(doc, child) ?? child;
              const nested =
                resolved.type === 'object' ||
                resolved.type === 'array' ||
                Boolean(resolved.properties);
              return (
                <li key={prop} className="text-xs">
                  <span className="font-mono font-semibold text-slate-900">{prop}</span>
                  {s.required?.includes(prop) ? (
                    <span className="ml-1 text-red-700">required</span>
                  ) : (
                    <span className="ml-1 text-slate-500">optional</span>
                  )}
                  <span className="ml-2 text-slate-600">{describeType(resolved)}</span>
                  {resolved.enum && (
                    <span className="ml-2 font-mono text-slate-700">
                      {resolved.enum.map(String).join(' | ')}
                    </span>
                  )}
                  {resolved.description && <p className="text-slate-500">{resolved.description}</p>}
                  {nested && (
                    <div className="mt-1">
                      <SchemaView doc={doc} schema={child} seen={nextSeen} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    );
  }
  if (s.type === 'array') {
    return (
      <div className="text-xs">
        <span className="text-slate-600">array of</span>
        <div className="mt-1">
          <SchemaView doc={doc} schema={s.items} seen={nextSeen} />
        </div>
      </div>
    );
  }
  const variants = s.oneOf ?? s.anyOf ?? s.allOf;
  if (variants) {
    return (
      <div className="text-xs">
        <span className="text-slate-600">{s.allOf ? 'all of' : 'one of'}</span>
        <ul className="mt-1 space-y-1 border-l border-slate-200 pl-3">
          {variants.map((v, i) => (
            <li key={i}>
              <SchemaView doc={doc} schema={v} seen={nextSeen} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <span className="text-xs text-slate-600">
      {name && <span className="mr-1 font-mono text-indigo-700">{name}</span>}
      {describeType(s)}
      {s.enum && (
        <span className="ml-2 font-mono text-slate-700">{s.enum.map(String).join(' | ')}</span>
      )}
    </span>
  );
}
