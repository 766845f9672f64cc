import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '@/lib/storage/tables';
import { createApiKey } from '@/lib/api-keys/service';
import { call, createTestOrg } from '@/test/helpers';
import { insertContract, insertMember, insertNft, insertShare } from '@/test/nft-fixtures';
import { GET as getNftRoute } from '../[id]/route';
import { POST } from './route';
import { getStore } from '@/lib/storage/current';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
const ids = {} as Record<'n1' | 'n2' | 'n3' | 'n4', string>;
let alpha: string;
let beta: string;
let otherNftId: string;

const headers = (o = org) => ({ tenant: o.organization.tenant, 'X-API-Key': o.tenantApiKey });

async function search(body: Record<string, unknown>, o = org) {
  return call(POST, { method: 'POST', path: '/v1/cl2c/nfts/search', headers: headers(o), body });
}

/** Names of the matching NFTs, in response order. */
async function names(body: Record<string, unknown>): Promise<string[]> {
  const res = await search({ pageSize: 100, ...body });
  expect(res.status, res.text).toBe(200);
  return res.json.data.map((d: { name: string }) => d.name);
}
const sorted = (a: string[]) => [...a].sort();

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  const o = org.organization.id;
  alpha = (
    await insertContract(o, {
      name: 'Alpha Collection',
      status: 'DEPLOYED',
      contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    })
  ).id;
  beta = (await insertContract(o, { name: 'Beta Works' })).id;
  const a = await insertMember(o);
  const b = await insertMember(o);
  const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
  ids.n1 = (
    await insertNft(o, alpha, {
      name: 'Sunset Ñandú',
      description: 'A 100% original_piece',
      supply: 1,
      status: 'MINTED',
      tokenId: 1,
      mintedAt: day('2026-01-10'),
      tokenOwner: '0xAAA',
      licence: 'CC-BY',
      createdAt: day('2026-01-01'),
    })
  ).id;
  ids.n2 = (
    await insertNft(o, alpha, {
      name: 'sunrise',
      description: 'plain 100 percent, lxp',
      supply: 5,
      status: 'CREATED',
      createdAt: day('2026-01-02'),
    })
  ).id;
  ids.n3 = (
    await insertNft(o, beta, {
      name: 'Moonlight',
      description: null,
      supply: 10,
      status: 'PENDING',
      tokenId: 3,
      createdAt: day('2026-01-03'),
    })
  ).id;
  ids.n4 = (
    await insertNft(o, beta, {
      name: 'ÉCLAIR Über',
      description: 'x_y',
      supply: 3,
      status: 'FAILED',
      tokenId: 7,
      licence: 'MIT',
      mintedAt: day('2026-02-01'),
      createdAt: day('2026-01-04'),
    })
  ).id;
  await insertShare(ids.n1, a.id, 'AUTHORIZED');
  await insertShare(ids.n1, b.id, 'AUTHORIZED');
  await insertShare(ids.n2, a.id, 'AUTHORIZED');
  await insertShare(ids.n2, b.id, 'PENDING');
  const otherContract = await insertContract(other.organization.id, { name: 'Alpha Collection' });
  otherNftId = (
    await insertNft(other.organization.id, otherContract.id, {
      name: 'Sunset other tenant',
      supply: 1,
    })
  ).id;
});

const N1 = 'Sunset Ñandú';
const N2 = 'sunrise';
const N3 = 'Moonlight';
const N4 = 'ÉCLAIR Über';
const ALL = [N1, N2, N3, N4];

describe('Family B authentication', () => {
  it('401 with the default error body for missing headers, unknown tenant, wrong family, wrong tenant', async () => {
    const cases: Record<string, string>[] = [
      {},
      { tenant: org.organization.tenant },
      { 'X-API-Key': org.tenantApiKey },
      { tenant: 'no-such-tenant', 'X-API-Key': org.tenantApiKey },
      { tenant: org.organization.tenant, 'X-API-Key': org.apiKey },
      { tenant: other.organization.tenant, 'X-API-Key': org.tenantApiKey },
    ];
    for (const h of cases) {
      const res = await call(POST, { method: 'POST', headers: h, body: {} });
      expect(res.status, JSON.stringify(h)).toBe(401);
      expect(res.json).toMatchObject({ statusCode: 401, source: 'SearchNfts' });
      expect(res.json.messages[0]).toMatch(/X-API-Key|tenant/);
      expect(res.json.errorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json.supportMessage).toContain(res.json.errorId);
      expect(res.json.exception).toBeTypeOf('string');
    }
  });

  it('a revoked key stops working on the next call', async () => {
    const store = await getStore();
    const k = await createApiKey(store, {
      organizationId: org.organization.id,
      userId: org.admin.id,
      family: 'B',
      name: 'r',
    });
    const h = { tenant: org.organization.tenant, 'X-API-Key': k.key };
    expect((await call(POST, { method: 'POST', headers: h, body: {} })).status).toBe(200);
    await store.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, k.id));
    expect((await call(POST, { method: 'POST', headers: h, body: {} })).status).toBe(401);
  });
});

describe('B1 advancedFilter: each operator on each field type', () => {
  const leaf = (field: string, operator: string, value: unknown) => ({
    advancedFilter: { field, operator, value },
  });
  const table: [string, string, unknown, string[]][] = [
    // string (case-insensitive, Unicode folding, NULL as C# null)
    ['name', 'eq', 'SUNRISE', [N2]],
    ['name', 'eq', 'éclair über', [N4]],
    ['name', 'neq', 'sunrise', [N1, N3, N4]],
    ['name', 'contains', 'SUN', [N1, N2]],
    ['name', 'contains', 'ÑANDÚ', [N1]],
    ['name', 'startswith', 'moon', [N3]],
    ['name', 'endswith', 'LIGHT', [N3]],
    ['name', 'endswith', '', ALL],
    ['name', 'lt', 'n', [N3]],
    ['name', 'lte', 'MOONLIGHT', [N3]],
    ['name', 'gt', 'moonlight', [N1, N2, N4]],
    ['name', 'gte', 'sunrise', [N1, N2, N4]],
    ['description', 'eq', null, [N3]],
    ['description', 'neq', null, [N1, N2, N4]],
    ['description', 'neq', 'PLAIN 100 percent, lxp', [N1, N3, N4]],
    ['description', 'contains', '100%', [N1]],
    ['description', 'contains', 'l_p', [N1]],
    ['description', 'contains', 'x_y', [N4]],
    ['smartContractName', 'contains', 'beta', [N3, N4]],
    ['licence', 'startswith', 'cc', [N1]],
    // integer (JSON number or numeric string)
    ['supply', 'eq', 5, [N2]],
    ['supply', 'eq', '5', [N2]],
    ['supply', 'neq', 5, [N1, N3, N4]],
    ['supply', 'lt', 5, [N1, N4]],
    ['supply', 'lte', 5, [N1, N2, N4]],
    ['supply', 'gt', 3, [N2, N3]],
    ['supply', 'gte', 3, [N2, N3, N4]],
    ['tokenId', 'eq', null, [N2]],
    ['tokenId', 'gt', 1, [N3, N4]],
    ['tokenId', 'neq', 1, [N2, N3, N4]],
    // boolean (derived)
    ['minted', 'eq', true, [N1]],
    ['minted', 'eq', 'FALSE', [N2, N3, N4]],
    ['minted', 'neq', true, [N2, N3, N4]],
    ['copyrighted', 'eq', true, [N1]],
    ['copyrighted', 'eq', false, [N2, N3, N4]],
    // date
    ['mintedAt', 'eq', '2026-01-10T00:00:00.000Z', [N1]],
    ['mintedAt', 'eq', '2026-01-10', [N1]],
    ['mintedAt', 'neq', '2026-01-10T00:00:00Z', [N2, N3, N4]],
    ['mintedAt', 'lt', '2026-02-01', [N1]],
    ['mintedAt', 'lte', '2026-02-01T01:00:00+01:00', [N1, N4]],
    ['mintedAt', 'gt', '2026-01-15', [N4]],
    ['mintedAt', 'gte', '2026-01-10T00:00:00.000Z', [N1, N4]],
    ['mintedAt', 'eq', null, [N2, N3]],
    ['createdAt', 'gte', '2026-01-03', [N3, N4]],
    // uuid
    ['smartContractId', 'eq', 'BETA', [N3, N4]],
    ['smartContractId', 'neq', 'BETA', [N1, N2]],
    // enum (case-insensitive value)
    ['status', 'eq', 'minted', [N1]],
    ['status', 'neq', 'MINTED', [N2, N3, N4]],
  ];
  it.each(table)('%s %s %j', async (field, operator, value, expected) => {
    const v = value === 'BETA' ? beta.toUpperCase() : value;
    expect(sorted(await names(leaf(field, operator, v)))).toEqual(sorted(expected));
  });

  it('id eq picks exactly one NFT; field and operator names are case-insensitive', async () => {
    expect(await names(leaf('ID', 'EQ', ids.n3))).toEqual([N3]);
    expect(await names(leaf('SmartContractName', 'Contains', 'ALPHA'))).toEqual(
      expect.arrayContaining([N1, N2]),
    );
  });
});

describe('B1 groups', () => {
  const l = (field: string, operator: string, value: unknown) => ({ field, operator, value });
  it('and / or / nested groups', async () => {
    expect(
      sorted(
        await names({
          advancedFilter: {
            logic: 'and',
            filters: [l('name', 'contains', 'sun'), l('supply', 'gt', 1)],
          },
        }),
      ),
    ).toEqual([N2]);
    expect(
      sorted(
        await names({
          advancedFilter: {
            logic: 'or',
            filters: [l('status', 'eq', 'FAILED'), l('minted', 'eq', true)],
          },
        }),
      ),
    ).toEqual(sorted([N1, N4]));
    const nested = {
      logic: 'or',
      filters: [
        { logic: 'and', filters: [l('name', 'contains', 'sun'), l('supply', 'gt', 1)] },
        l('status', 'eq', 'FAILED'),
      ],
    };
    expect(sorted(await names({ advancedFilter: nested }))).toEqual(sorted([N2, N4]));
    const deep = {
      logic: 'and',
      filters: [{ logic: 'and', filters: [{ logic: 'or', filters: [l('supply', 'eq', 10)] }] }],
    };
    expect(await names({ advancedFilter: deep })).toEqual([N3]);
  });

  it('xor: true when an odd number of its filters hold', async () => {
    expect(
      sorted(
        await names({
          advancedFilter: {
            logic: 'xor',
            filters: [l('minted', 'eq', true), l('name', 'contains', 'sun')],
          },
        }),
      ),
    ).toEqual([N2]);
    const three = {
      logic: 'xor',
      filters: [l('minted', 'eq', true), l('supply', 'gt', 3), l('name', 'contains', 'sun')],
    };
    expect(await names({ advancedFilter: three })).toEqual([N3]);
    // xor over NULL-valued comparisons still counts them as false, not unknown.
    const withNull = {
      logic: 'xor',
      filters: [l('description', 'contains', '100'), l('tokenId', 'gt', 0)],
    };
    expect(sorted(await names({ advancedFilter: withNull }))).toEqual(sorted([N2, N3, N4]));
  });

  it('a node with logic ignores its own field/operator, like the boilerplate', async () => {
    expect(
      await names({
        advancedFilter: {
          logic: 'and',
          field: 'name',
          operator: 'eq',
          value: 'x',
          filters: [l('supply', 'eq', 10)],
        },
      }),
    ).toEqual([N3]);
  });
});

describe('B1 keyword, advancedSearch, smartContractId', () => {
  it('keyword: case-insensitive substring over text/number/boolean/date fields, % and _ literal', async () => {
    expect(sorted(await names({ keyword: 'SUN' }))).toEqual(sorted([N1, N2]));
    expect(await names({ keyword: '100%' })).toEqual([N1]);
    expect(await names({ keyword: 'l_p' })).toEqual([N1]);
    expect(sorted(await names({ keyword: 'beta' }))).toEqual(sorted([N3, N4]));
    expect(await names({ keyword: '2026-02-01T' })).toEqual([N4]);
    expect(await names({ keyword: ids.n1 })).toEqual([]);
  });

  it('advancedSearch only searches its fields; its keyword is OR-ed with keyword', async () => {
    expect(await names({ advancedSearch: { fields: ['description'], keyword: 'moon' } })).toEqual(
      [],
    );
    expect(await names({ advancedSearch: { fields: ['NAME'], keyword: 'moon' } })).toEqual([N3]);
    expect(
      sorted(
        await names({ keyword: 'sunrise', advancedSearch: { fields: ['name'], keyword: 'moon' } }),
      ),
    ).toEqual(sorted([N2, N3]));
    expect(sorted(await names({ advancedSearch: { fields: [], keyword: 'sun' } }))).toEqual(
      sorted([N1, N2]),
    );
    expect(sorted(await names({ advancedSearch: { fields: ['nope'], keyword: '' } }))).toEqual(
      sorted(ALL),
    );
    expect(
      await names({ advancedSearch: { fields: ['id'], keyword: ids.n4.slice(0, 13) } }),
    ).toEqual([N4]);
  });

  it('keyword is AND-ed with advancedFilter and smartContractId', async () => {
    expect(
      await names({
        keyword: 'sun',
        advancedFilter: { field: 'minted', operator: 'eq', value: true },
      }),
    ).toEqual([N1]);
    expect(await names({ keyword: 'sun', smartContractId: beta })).toEqual([]);
    expect(sorted(await names({ keyword: 'sun', smartContractId: alpha.toUpperCase() }))).toEqual(
      sorted([N1, N2]),
    );
  });

  it('accepts null for every optional property, as .NET clients send', async () => {
    const res = await search({
      advancedSearch: null,
      keyword: null,
      advancedFilter: null,
      pageNumber: null,
      pageSize: null,
      orderBy: null,
      smartContractId: null,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 4 });
  });
});

describe('B1 orderBy', () => {
  it('default: createdAt descending', async () => {
    expect(await names({})).toEqual([N4, N3, N2, N1]);
  });
  it('single key, direction, case-insensitive strings, nulls', async () => {
    expect(await names({ orderBy: ['supply desc'] })).toEqual([N3, N2, N4, N1]);
    expect(await names({ orderBy: ['supply'] })).toEqual([N1, N4, N2, N3]);
    expect(await names({ orderBy: ['name'] })).toEqual([N3, N2, N1, N4]);
    expect((await names({ orderBy: ['mintedAt DESC'] })).slice(0, 2)).toEqual([N4, N1]);
  });
  it('multi-key: the first entry is primary', async () => {
    expect(await names({ orderBy: ['smartContractName', 'supply desc'] })).toEqual([
      N2,
      N1,
      N3,
      N4,
    ]);
    expect(await names({ orderBy: ['smartContractName desc', 'supply'] })).toEqual([
      N4,
      N3,
      N1,
      N2,
    ]);
  });
});

describe('B1 paging', () => {
  it('pages with the boilerplate envelope', async () => {
    const res = await search({ pageNumber: 2, pageSize: 3 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      currentPage: 2,
      pageSize: 3,
      totalCount: 4,
      totalPages: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    expect(res.json.data.map((d: any) => d.name)).toEqual([N1]);
    const first = await search({ pageNumber: 1, pageSize: 3 });
    expect(first.json).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });
  it.each([
    [{ pageNumber: 0 }, 1, 10],
    [{ pageNumber: -5, pageSize: -1 }, 1, 10],
    [{ pageSize: 0 }, 1, 10],
    [{}, 1, 10],
    [{ pageSize: 100 }, 1, 100],
  ])('corrects %j to page %i size %i', async (body, page, size) => {
    const res = await search(body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ currentPage: page, pageSize: size });
  });
  it('a page past the end is empty but echoes its number', async () => {
    const res = await search({ pageNumber: 99, pageSize: 2 });
    expect(res.json).toMatchObject({
      data: [],
      currentPage: 99,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });
});

describe('B1 validation → 400 ProblemDetails naming the path', () => {
  const f = (field: string, operator: string, value: unknown) => ({
    advancedFilter: { field, operator, value },
  });
  const table: [string, Record<string, unknown>, string, RegExp][] = [
    ['pageSize 101', { pageSize: 101 }, 'pageSize', /at most 100/],
    ['pageSize 2.5', { pageSize: 2.5 }, 'pageSize', /integer/],
    ['pageNumber as text', { pageNumber: 'two' }, 'pageNumber', /number/],
    ['unknown field', f('price', 'eq', 1), 'advancedFilter.field', /unknown field "price"/],
    [
      'unknown operator',
      f('name', 'like', 'x'),
      'advancedFilter.operator',
      /unknown operator "like"/,
    ],
    [
      'missing operator',
      { advancedFilter: { field: 'name', value: 'x' } },
      'advancedFilter.operator',
      /required/,
    ],
    [
      'missing field',
      { advancedFilter: { operator: 'eq', value: 'x' } },
      'advancedFilter.field',
      /required/,
    ],
    [
      'operator on wrong type',
      f('supply', 'contains', '1'),
      'advancedFilter.operator',
      /does not apply to integer/,
    ],
    [
      'lt on boolean',
      f('minted', 'lt', true),
      'advancedFilter.operator',
      /does not apply to boolean/,
    ],
    [
      'lt on uuid',
      f('id', 'lt', '00000000-0000-0000-0000-000000000000'),
      'advancedFilter.operator',
      /does not apply to uuid/,
    ],
    ['not an integer', f('supply', 'eq', 'abc'), 'advancedFilter.value', /not an integer/],
    ['fraction for integer', f('supply', 'eq', 2.5), 'advancedFilter.value', /not an integer/],
    ['not a boolean', f('minted', 'eq', 'maybe'), 'advancedFilter.value', /not a boolean/],
    ['not a date', f('mintedAt', 'gt', 'yesterday'), 'advancedFilter.value', /ISO 8601/],
    ['not a uuid', f('smartContractId', 'eq', 'abc'), 'advancedFilter.value', /not a UUID/],
    [
      'not an enum value',
      f('status', 'eq', 'DONE'),
      'advancedFilter.value',
      /CREATED, PENDING, MINTED, FAILED/,
    ],
    ['null with lt', f('supply', 'lt', null), 'advancedFilter.value', /null/],
    [
      'unknown logic',
      {
        advancedFilter: { logic: 'nand', filters: [{ field: 'name', operator: 'eq', value: 'x' }] },
      },
      'advancedFilter.logic',
      /unknown logic/,
    ],
    [
      'logic without filters',
      { advancedFilter: { logic: 'and' } },
      'advancedFilter.filters',
      /at least one/,
    ],
    [
      'logic with empty filters',
      { advancedFilter: { logic: 'or', filters: [] } },
      'advancedFilter.filters',
      /at least one/,
    ],
    [
      'nested unknown field',
      {
        advancedFilter: {
          logic: 'and',
          filters: [
            { field: 'name', operator: 'eq', value: 'x' },
            { logic: 'or', filters: [{ field: 'nope', operator: 'eq', value: 1 }] },
          ],
        },
      },
      'advancedFilter.filters[1].filters[0].field',
      /unknown field "nope"/,
    ],
    [
      'nested bad operator',
      {
        advancedFilter: { logic: 'xor', filters: [{ field: 'name', operator: 'is', value: 'x' }] },
      },
      'advancedFilter.filters[0].operator',
      /unknown operator/,
    ],
    [
      'unknown orderBy field',
      { orderBy: ['name', 'price desc'] },
      'orderBy[1]',
      /unknown field "price"/,
    ],
    [
      'duplicate orderBy field',
      { orderBy: ['name', 'NAME desc'] },
      'orderBy[1]',
      /already ordered/,
    ],
    ['bad orderBy direction', { orderBy: ['name sideways'] }, 'orderBy[0]', /unknown direction/],
    ['empty orderBy entry', { orderBy: [' '] }, 'orderBy[0]', /empty/],
    [
      'advancedSearch unknown field',
      { advancedSearch: { fields: ['nope'], keyword: 'x' } },
      'advancedSearch.fields[0]',
      /unknown field/,
    ],
    ['smartContractId not a uuid', { smartContractId: 'abc' }, 'smartContractId', /UUID/],
    ['value of a wrong JSON type', f('name', 'eq', { a: 1 }), 'advancedFilter.value', /.+/],
  ];
  it.each(table)('%s', async (_label, body, path, message) => {
    const res = await search(body);
    expect(res.status, res.text).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json).toMatchObject({
      type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      instance: '/v1/cl2c/nfts/search',
    });
    expect(res.json.detail).toBeTypeOf('string');
    expect(Object.keys(res.json.errors)).toContain(path);
    expect(res.json.errors[path].join(' ')).toMatch(message);
  });

  it('ignores unknown properties at every level (Family B policy, as .NET model binding does)', async () => {
    const plain = await search({
      keyword: 'a',
      pageSize: 5,
      advancedFilter: { logic: 'and', filters: [{ field: 'supply', operator: 'gte', value: 1 }] },
    });
    const extra = await search({
      keyword: 'a',
      pageSize: 5,
      pageIndex: 3,
      $type: 'SearchNftsRequest',
      advancedSearch: null,
      advancedFilter: {
        logic: 'and',
        Extra: true,
        filters: [{ field: 'supply', operator: 'gte', value: 1, ignoreCase: true }],
      },
    });
    expect(plain.status, plain.text).toBe(200);
    expect(extra.status, extra.text).toBe(200);
    expect(extra.json).toEqual(plain.json);
  });

  it('reports every problem at once', async () => {
    const res = await search({
      orderBy: ['nope'],
      advancedFilter: {
        logic: 'and',
        filters: [
          { field: 'x', operator: 'eq' },
          { field: 'name', operator: 'zz' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors).sort()).toEqual([
      'advancedFilter.filters[0].field',
      'advancedFilter.filters[1].operator',
      'orderBy[0]',
    ]);
  });

  it('malformed JSON and a non-JSON content type', async () => {
    const bad = await call(POST, { method: 'POST', headers: headers(), body: '{"keyword":' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.body[0]).toMatch(/JSON/);
    const text = await call(POST, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect(text.json).toMatchObject({ statusCode: 415, source: 'SearchNfts' });
  });
});

describe('B1 tenant isolation and item shape', () => {
  it("never returns another tenant's NFTs", async () => {
    const mine = await names({ keyword: 'sunset' });
    expect(mine).toEqual([N1]);
    const theirs = await search({ keyword: 'sunset', pageSize: 100 }, other);
    expect(theirs.json.data.map((d: any) => d.id)).toEqual([otherNftId]);
  });

  it('items carry the search item fields with derived values', async () => {
    const res = await search({ advancedFilter: { field: 'id', operator: 'eq', value: ids.n1 } });
    expect(res.json.data[0]).toMatchObject({
      id: ids.n1,
      name: N1,
      smartContractId: alpha,
      smartContractName: 'Alpha Collection',
      minted: true,
      copyrighted: true,
      tokenId: 1,
      mintedAt: '2026-01-10T00:00:00.000Z',
      licence: 'CC-BY',
    });
    expect(res.json.data[0]).not.toHaveProperty('smartContract');
    expect(res.json.data[0]).not.toHaveProperty('organizationId');
  });
});

describe('B2 GET /v1/cl2c/nfts/{id}', () => {
  const get = (id: string, o = org) =>
    call(getNftRoute, { headers: headers(o), params: { id }, path: `/v1/cl2c/nfts/${id}` });

  it('returns the detail with the nested contract and derived fields', async () => {
    const res = await get(ids.n1);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id: ids.n1,
      name: N1,
      minted: true,
      copyrighted: true,
      tokenId: 1,
    });
    expect(res.json.smartContract).toEqual({
      id: alpha,
      name: 'Alpha Collection',
      symbol: 'TST',
      network: 'POLYGON',
      deployed: true,
      deploymentTransactionHash: null,
      deploymentLogs: null,
      contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      creatorAddress: null,
      totalSupply: 6,
      description: null,
    });
    const n3 = await get(ids.n3.toUpperCase());
    expect(n3.json).toMatchObject({
      minted: false,
      copyrighted: false,
      smartContract: { deployed: false, totalSupply: 13 },
    });
  });

  it('copyrighted is false while any share is not AUTHORIZED', async () => {
    expect((await get(ids.n2)).json.copyrighted).toBe(false);
  });

  it('400 ProblemDetails with errors.id for a malformed id', async () => {
    const res = await get('not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(400);
    expect(res.json.errors.id[0]).toMatch(/UUID/);
  });

  it("404 default body for an unknown id and for another tenant's NFT", async () => {
    for (const id of [crypto.randomUUID(), otherNftId]) {
      const res = await get(id);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({
        statusCode: 404,
        source: 'GetNft',
        messages: ['NFT not found.'],
      });
    }
    expect((await get(otherNftId, other)).status).toBe(200);
  });

  it('401 with a key of tenant A and the tenant header of B', async () => {
    const res = await call(getNftRoute, {
      headers: { tenant: other.organization.tenant, 'X-API-Key': org.tenantApiKey },
      params: { id: otherNftId },
    });
    expect(res.status).toBe(401);
  });
});
