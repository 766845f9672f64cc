import { describe, expect, it } from 'vitest';
import { GET } from '@/app/v1/openapi.json/route';

describe('Family B OpenAPI document', () => {
  it('is OpenAPI 3.0.3 with B1–B6, both auth headers, ProblemDetails and the default error body', async () => {
    const doc = await GET().json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths).sort()).toEqual(['/v1/cl2c/nfts/search', '/v1/cl2c/nfts/{id}', '/v1/cl2c/user', '/v1/cl2c/users', '/v1/cl2c/users/{id}']);
    expect(doc.paths['/v1/cl2c/user'].post).toBeDefined();
    expect(doc.paths['/v1/cl2c/user'].put.responses['403']).toBeDefined();
    expect(doc.components.securitySchemes.tenant).toMatchObject({ in: 'header', name: 'tenant' });
    expect(doc.components.securitySchemes.tenantApiKey).toMatchObject({ in: 'header', name: 'X-API-Key' });
    expect(doc.components.schemas.ProblemDetails.properties).toHaveProperty('errors');
    expect(Object.keys(doc.components.schemas.ErrorResult.properties).sort()).toEqual(
      ['errorId', 'exception', 'messages', 'source', 'statusCode', 'supportMessage'],
    );
    const search = doc.paths['/v1/cl2c/nfts/search'].post;
    const body = search.requestBody.content['application/json'].schema;
    expect(body.$ref).toBe('#/components/schemas/SearchNftsRequest');
    const request = doc.components.schemas.SearchNftsRequest;
    expect(Object.keys(request.properties)).toEqual(
      expect.arrayContaining(['advancedSearch', 'keyword', 'advancedFilter', 'pageNumber', 'pageSize', 'orderBy', 'smartContractId']),
    );
    // The filter tree is recursive: its `filters` refer back to itself.
    const filter = doc.components.schemas.AdvancedFilter;
    expect(JSON.stringify(filter.properties.filters)).toContain('#/components/schemas/AdvancedFilter');
    expect(search.responses['400'].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/ProblemDetails');
    expect(doc.paths['/v1/cl2c/nfts/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
  });
});
