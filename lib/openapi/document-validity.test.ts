import { describe, expect, it } from 'vitest';
import { familyADocument } from './family-a';
import { familyBDocument } from './family-b';
import { compileAsWritten, type OpenApiDocument } from './validator';

const docs = { A: familyADocument() as unknown as OpenApiDocument, B: familyBDocument() as unknown as OpenApiDocument };

describe.each(Object.entries(docs))('Family %s document', (_family, doc) => {
  it('compiles with Ajv in strict mode, schema by schema, as written', () => {
    expect(compileAsWritten(doc)).toBeGreaterThan(10);
  });
});
