import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { familyADocument } from './family-a';
import { familyBDocument } from './family-b';
import { GENERATED, generateTypes } from './types-source';
import { compileAsWritten, DocumentValidator, METHODS, type OpenApiDocument, type Operation } from '@/lib/openapi/validator';

const docs = { A: familyADocument() as unknown as OpenApiDocument, B: familyBDocument() as unknown as OpenApiDocument };

function operations(doc: OpenApiDocument): [string, Operation][] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m): [string, Operation] => [`${m.toUpperCase()} ${path}`, item[m]!]));
}

/** Every schema object in the document, with where it is. */
function* schemaNodes(node: unknown, where: string): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) yield* schemaNodes(n, `${where}[${i}]`);
  } else if (typeof node === 'object' && node !== null) {
    const obj = node as Record<string, unknown>;
    yield [where, obj];
    for (const [k, v] of Object.entries(obj)) if (k !== 'example') yield* schemaNodes(v, `${where}.${k}`);
  }
}

describe.each(Object.entries(docs))('Family %s document', (family, doc) => {
  const family_ = family as 'A' | 'B';

  it('compiles with Ajv in strict mode, schema by schema, as written', () => {
    expect(compileAsWritten(doc)).toBeGreaterThan(50);
  });

  it('has no nullable without a type and no nullable through allOf', () => {
    const bad: string[] = [];
    for (const [where, s] of schemaNodes(doc, '$')) {
      if (s.nullable !== undefined && s.type === undefined) bad.push(`${where}: nullable without type`);
      if (Array.isArray(s.allOf) && s.allOf.some((p) => typeof p === 'object' && p !== null && 'nullable' in p)) bad.push(`${where}: nullable in allOf`);
    }
    expect(bad).toEqual([]);
  });

  it('documents every operation: summary, description, tag, described parameters, examples, headers', () => {
    const missing: string[] = [];
    for (const [name, op] of operations(doc)) {
      if (!op.summary) missing.push(`${name}: summary`);
      if (!op.description) missing.push(`${name}: description`);
      if (!Array.isArray(op.tags) || op.tags.length === 0) missing.push(`${name}: tag`);
      if (!op.operationId) missing.push(`${name}: operationId`);
      for (const p of (op.parameters as { name: string; description?: string }[] | undefined) ?? []) {
        if (!p.description) missing.push(`${name}: description of parameter ${p.name}`);
      }
      const body = op.requestBody?.content?.['application/json'];
      if (op.requestBody && body?.example === undefined) missing.push(`${name}: request example`);
      for (const status of ['401', '429', '500']) if (!op.responses[status]) missing.push(`${name}: ${status} response`);
      for (const [status, r] of Object.entries(op.responses)) {
        for (const [type, m] of Object.entries(r.content ?? {})) if (m.example === undefined) missing.push(`${name}: ${status} ${type} example`);
        if (!r.headers?.['x-request-id']?.required) missing.push(`${name}: ${status} x-request-id header`);
        if (status === '429' && !r.headers?.['Retry-After']) missing.push(`${name}: 429 Retry-After header`);
      }
      if (op.requestBody) for (const status of ['400', '413', '415']) if (!op.responses[status]) missing.push(`${name}: ${status} response`);
    }
    expect(missing).toEqual([]);
  });

  it('has examples that match their schemas (responses exactly, without undocumented fields)', () => {
    const validator = new DocumentValidator(doc, `examples-${family}`);
    const problems: string[] = [];
    for (const [name, op] of operations(doc)) {
      const body = op.requestBody?.content?.['application/json'];
      if (body) problems.push(...validator.schemaProblems(`${name} request`, body.schema, body.example, `${name} request example`, false));
      for (const [status, r] of Object.entries(op.responses)) {
        for (const [type, m] of Object.entries(r.content ?? {})) {
          problems.push(...validator.schemaProblems(`${name} ${status} ${type}`, m.schema, m.example, `${name} ${status} example`));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('turns into TypeScript with openapi-typescript without a warning, and the committed types are that output', async () => {
    const { source, warnings } = await generateTypes(doc);
    expect(warnings).toEqual([]);
    const committed = readFileSync(GENERATED[family_].file, 'utf8');
    // On failure: run `npm run openapi:types` and commit the result.
    expect(committed === source, `${GENERATED[family_].file} is stale — run npm run openapi:types`).toBe(true);
  });
});

it('uses closed enumerations for B1 logic, operator, field names and the list sortBy values', () => {
  const b = docs.B as unknown as { components: { schemas: Record<string, { properties: Record<string, { enum?: unknown[] }> }> } };
  const filter = b.components.schemas.AdvancedFilter!.properties;
  expect(filter.logic!.enum).toEqual(['and', 'or', 'xor', null]);
  expect(filter.operator!.enum).toEqual(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'contains', 'startswith', 'endswith', null]);
  expect(filter.field!.enum).toContain('smartContractName');
  const a = docs.A;
  const sortBy = (path: string) =>
    ((a.paths[path]!.get!.parameters as { name: string; schema: { enum?: string[] } }[]).find((p) => p.name === 'sortBy')!.schema.enum);
  expect(sortBy('/cl2c/nft')).toEqual(['createdAt', 'updatedAt', 'name', 'status', 'mintedAt', 'supply']);
  expect(sortBy('/cl2c/user')).toEqual(['createdAt', 'updatedAt', 'email', 'status']);
  const hasWallet = (a.paths['/cl2c/user']!.get!.parameters as { name: string; schema: unknown }[]).find((p) => p.name === 'hasWallet');
  expect(hasWallet!.schema).toMatchObject({ type: 'boolean' });
});
