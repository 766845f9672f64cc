import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/v1/openapi.json/route';

describe('Family A OpenAPI document', () => {
  it('is OpenAPI 3.0.3 and documents A1–A4 with their query and body schemas', async () => {
    const doc = await GET().json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/cl2c/contract', '/cl2c/contract/{id}']));
    const list = doc.paths['/cl2c/contract'].get;
    const params = list.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'status', 'sortBy', 'sortOrder']));
    const sortBy = list.parameters.find((p: { name: string }) => p.name === 'sortBy');
    expect(sortBy.schema.enum).toEqual(['createdAt', 'updatedAt', 'name', 'symbol', 'status', 'deployedAt']);
    const create = doc.paths['/cl2c/contract'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['name', 'symbol']));
    expect(create.responses['201']).toBeDefined();
    expect(doc.paths['/cl2c/contract/{id}'].delete.responses['409']).toBeDefined();
  });
});
