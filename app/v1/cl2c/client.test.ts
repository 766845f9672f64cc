import { beforeAll, describe, expect, it } from 'vitest';
import { familyBDocument } from '@/lib/api-docs/family-b';
import { familyBExamples } from '@/lib/openapi/examples';
import type { paths } from '@/lib/openapi/generated/family-b';
import { familyBClient } from '@/test/api-client';
import { createTestOrg } from '@/test/helpers';
import { insertContract, insertNft } from '@/test/nft-fixtures';

/**
 * Family B through the client a developer would generate (openapi-typescript + openapi-fetch):
 * every documented operation with its documented request example; every response is held to
 * the document by the client's fetch.
 */
type Body<P extends keyof paths, M extends 'post' | 'put'> =
  NonNullable<paths[P][M]> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;
const example = <P extends keyof paths, M extends 'post' | 'put'>(
  operationId: string,
  _path: P,
  _method: M,
) => structuredClone(familyBExamples[operationId]!.request) as Body<P, M>;

let client: ReturnType<typeof familyBClient>;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let nftId: string;
const called = new Set<string>();

beforeAll(async () => {
  org = await createTestOrg();
  client = familyBClient(org.organization.tenant, org.tenantApiKey);
  const contract = await insertContract(org.organization.id, {
    name: 'Genesis Collection',
    status: 'DEPLOYED',
  });
  nftId = (
    await insertNft(org.organization.id, contract.id, {
      name: 'Sunrise',
      supply: 3,
      status: 'MINTED',
      mintedAt: new Date(),
    })
  ).id;
  await insertNft(org.organization.id, contract.id, { name: 'Sunset', supply: 1 });
});

describe('Family B through the generated client', () => {
  it('B1 and B2: search with the documented filter tree, then read one', async () => {
    const found = await client.POST('/v1/cl2c/nfts/search', {
      body: example('searchNfts', '/v1/cl2c/nfts/search', 'post'),
    });
    expect(found.response.status, JSON.stringify(found.error)).toBe(200);
    expect(found.data!.data.map((n) => n.name)).toEqual(['Sunrise']);
    expect(found.data).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 1 });
    called.add('searchNfts');

    const bad = await client.POST('/v1/cl2c/nfts/search', {
      body: {
        advancedFilter: { field: 'name', operator: 'eq', value: 'x', logic: null },
        pageSize: 101,
      },
    });
    expect(bad.response.status).toBe(400);
    const problem = bad.error!;
    expect('errors' in problem && Object.keys(problem.errors ?? {})).toEqual(['pageSize']);

    const one = await client.GET('/v1/cl2c/nfts/{id}', { params: { path: { id: nftId } } });
    expect(one.data).toMatchObject({
      id: nftId,
      minted: true,
      smartContract: { deployed: true, totalSupply: 4 },
    });
    called.add('getNft');
  });

  it('B3–B6: users of the tenant', async () => {
    const created = await client.POST('/v1/cl2c/user', {
      body: example('createUser', '/v1/cl2c/user', 'post'),
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(created.data).toMatchObject({
      userName: 'ana.lima',
      email: 'ana@example.com',
      phoneNumber: '+15551234567',
    });
    called.add('createUser');
    const again = await client.POST('/v1/cl2c/user', {
      body: example('createUser', '/v1/cl2c/user', 'post'),
    });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({ statusCode: 409, source: 'CreateUser' });

    const users = await client.GET('/v1/cl2c/users', {});
    expect(users.data!.map((u) => u.email)).toContain('ana@example.com');
    called.add('listUsers');
    expect(
      (await client.GET('/v1/cl2c/users/{id}', { params: { path: { id: created.data!.id } } }))
        .data!.userName,
    ).toBe('ana.lima');
    called.add('getUser');

    const me = {
      ...example('updateCurrentUser', '/v1/cl2c/user', 'put'),
      id: org.admin.id,
      phoneNumber: null,
    };
    const updated = await client.PUT('/v1/cl2c/user', { body: me });
    expect(updated.response.status, JSON.stringify(updated.error)).toBe(200);
    expect(updated.data).toMatchObject({
      id: org.admin.id,
      lastName: 'Lima-Souza',
      phoneNumber: null,
    });
    called.add('updateCurrentUser');
  });

  it('called every operation of the document', () => {
    const doc = familyBDocument() as unknown as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const all = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect([...called].sort()).toEqual(all.sort());
  });
});
