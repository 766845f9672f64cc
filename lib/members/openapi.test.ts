import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/v1/openapi.json/route';

describe('Family A OpenAPI: members and invitations', () => {
  it('documents A9–A13 with their schemas', async () => {
    const doc = await GET().json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/cl2c/user', '/cl2c/user/{id}', '/cl2c/user/bulk']));
    const list = doc.paths['/cl2c/user'].get;
    const names = list.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'status', 'sortBy', 'sortOrder', 'hasWallet']));
    expect(list.parameters.find((p: { name: string }) => p.name === 'sortBy').schema.enum).toEqual(['createdAt', 'updatedAt', 'email', 'status']);
    expect(list.parameters.find((p: { name: string }) => p.name === 'status').schema.enum).toEqual(['ACTIVE', 'SUSPENDED', 'PENDING']);
    const one = doc.paths['/cl2c/user/{id}'];
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'put']);
    expect(one.put.responses['409']).toBeDefined();
    const bulkBody = doc.paths['/cl2c/user/bulk'].post.requestBody.content['application/json'].schema;
    expect(bulkBody.properties.users).toMatchObject({ minItems: 1, maxItems: 100 });
    expect(doc.components.schemas.BulkInviteResponse).toBeDefined();
    expect(doc.components.schemas.MemberDetail.properties.endUserNfts).toBeDefined();
  });
});
