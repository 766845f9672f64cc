/**
 * Bounded fuzz: fast-check bodies (random JSON values, and objects shaped like the real inputs
 * with wrong types/lengths), malformed JSON, wrong content types and an oversized body, sent to
 * every write route of both families with valid credentials. Zero 5xx; a 4xx writes nothing
 * (SQLite's total_changes() of the process's only connection does not move, apart from the
 * API key's once-a-minute last-use stamp).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { resetEnvCache } from '@/lib/env';
import { PEER_HEADER } from '@/lib/http/client-address';
import { call, createTestOrg } from '@/test/helpers';

type Handler = Parameters<typeof call>[0];
type Org = Awaited<ReturnType<typeof createTestOrg>>;

let org: Org;
let targets: { name: string; handler: Handler; method: string; family: 'A' | 'B'; params?: Record<string, string> }[];

const totalChanges = () => (getDb().$client.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
/** The keys' last-use stamps: authentication refreshes one at most once a minute (bookkeeping, not the request's write). */
const keyStamps = () =>
  (getDb().$client.prepare('SELECT group_concat(last_used_at) AS s FROM api_keys WHERE organization_id = ?').get(org.organization.id) as { s: string | null }).s;

beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = '1000000';
  resetEnvCache();
  org = await createTestOrg();
  const contract = await import('@/app/api/v1/cl2c/contract/route');
  const nft = await import('@/app/api/v1/cl2c/nft/route');
  const nftOne = await import('@/app/api/v1/cl2c/nft/[id]/route');
  const token = await import('@/app/api/v1/cl2c/token/route');
  const bulk = await import('@/app/api/v1/cl2c/user/bulk/route');
  const bUser = await import('@/app/v1/cl2c/user/route');
  const search = await import('@/app/v1/cl2c/nfts/search/route');
  const created = await call(contract.POST, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { name: 'Fuzz', symbol: 'FZ' } });
  targets = [
    { name: 'POST contract', handler: contract.POST, method: 'POST', family: 'A' },
    { name: 'PUT contract', handler: contract.PUT, method: 'PUT', family: 'A' },
    { name: 'POST nft', handler: nft.POST, method: 'POST', family: 'A' },
    { name: 'PUT nft', handler: nft.PUT, method: 'PUT', family: 'A' },
    { name: 'PUT nft/[id]', handler: nftOne.PUT, method: 'PUT', family: 'A', params: { id: crypto.randomUUID() } },
    { name: 'POST token', handler: token.POST, method: 'POST', family: 'A' },
    { name: 'POST user/bulk', handler: bulk.POST, method: 'POST', family: 'A' },
    { name: 'POST B user', handler: bUser.POST, method: 'POST', family: 'B' },
    { name: 'PUT B user', handler: bUser.PUT, method: 'PUT', family: 'B' },
    { name: 'POST B nfts/search', handler: search.POST, method: 'POST', family: 'B' },
  ];
  expect(created.status).toBe(201);
});

function headersFor(family: 'A' | 'B', contentType = 'application/json'): Record<string, string> {
  const auth: Record<string, string> =
    family === 'A' ? { 'x-api-key': org.apiKey } : { tenant: org.organization.tenant, 'x-api-key': org.tenantApiKey };
  return { ...auth, 'content-type': contentType, [PEER_HEADER]: '203.0.113.77' };
}

/**
 * Strings with a refused control character (NUL and the rest of C0 except tab and line breaks,
 * which free text may hold; DEL) somewhere in them (issue 26 finding 5).
 */
const refusedControl = fc.oneof(fc.integer({ min: 0, max: 0x1f }).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)), fc.constant(0x7f)).map((c) => String.fromCharCode(c));
const controlString = fc
  .tuple(fc.string({ maxLength: 20 }), refusedControl, fc.constantFrom('', '\u007f'), fc.string({ maxLength: 20 }))
  .map(([a, c, d, b]) => `${a}${c}${d}${b}`);
/** JSON nested far past any documented limit: objects and arrays, up to 2,000 levels. */
const deepValue = fc.tuple(fc.integer({ min: 13, max: 2000 }), fc.boolean()).map(([levels, arrays]) => {
  let v: unknown = 'leaf';
  // One reference to the level below per level (two would double the size at every level).
  for (let i = 0; i < levels; i++) v = arrays ? [v] : i % 2 ? { logic: 'and', filters: [v] } : { a: v };
  return v;
});

/** Objects with the real field names and hostile values. */
const hostileValue = fc.oneof(
  controlString,
  deepValue,
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '0x', '../../etc/passwd', 'ipfs://x/../..', 'javascript:alert(1)', '\u0000', 'a'.repeat(5000), '1e309', '-1'),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const fieldNames = fc.constantFrom(
  'id', 'name', 'symbol', 'description', 'network', 'env', 'metadata', 'status', 'contractAddress', 'deployedAt',
  'smartContractId', 'imagePath', 'externalUrl', 'supply', 'copyright', 'memberId', 'amount', 'tokenType', 'users',
  'email', 'firstName', 'lastName', 'userName', 'phoneNumber', 'pushToken', 'keyword', 'pageNumber', 'pageSize', '__proto__',
  'advancedFilter', 'advancedSearch', 'location', 'reason', 'decision', 'password',
);
const shapedBody = fc.dictionary(fieldNames, hostileValue, { maxKeys: 6 });
const anyJson = fc.jsonValue({ maxDepth: 3 });

async function send(target: (typeof targets)[number], body: string, contentType?: string) {
  const before = totalChanges();
  const stamps = keyStamps();
  const res = await call(target.handler, {
    method: target.method,
    headers: headersFor(target.family, contentType),
    body,
    params: target.params,
  });
  const delta = totalChanges() - before;
  const wrote = delta - (keyStamps() !== stamps ? 1 : 0) > 0;
  return { status: res.status, wrote, text: res.text };
}

describe('fuzzing the write routes', () => {
  it('zero 5xx and no writes on 4xx over a few thousand requests', async () => {
    const failures: string[] = [];
    let requests = 0;
    const record = (name: string, r: { status: number; wrote: boolean; text: string }, input: string) => {
      requests += 1;
      if (r.status >= 500) failures.push(`${name} → ${r.status} for ${input.slice(0, 200)}: ${r.text.slice(0, 200)}`);
      if (r.status >= 400 && r.wrote) failures.push(`${name} → ${r.status} but wrote, for ${input.slice(0, 200)}`);
    };
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(shapedBody, anyJson), async (value) => {
          const input = JSON.stringify(value) ?? 'null';
          record(target.name, await send(target, input), input);
          return true;
        }),
        { numRuns: 220, seed: 20261123 },
      );
      for (const [input, type] of [
        ['{"name": "x",', 'application/json'],
        ['{"a":1}{"b":2}', 'application/json'],
        ['\u0000\u0001', 'application/json'],
        ['name=x&symbol=y', 'application/x-www-form-urlencoded'],
        ['<x/>', 'text/xml'],
        ['{"name":"x"}', 'text/plain'],
        ['[]'.padStart(2, ' '), 'application/json'],
        ['{"users": [' + '{"email":"a@b.co"},'.repeat(20000) + '{}]}', 'application/json'],
        ['"' + 'x'.repeat(11 * 1024 * 1024) + '"', 'application/json'],
      ] as const) {
        record(target.name, await send(target, input, type), `${type}: ${input}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
  }, 240_000);

  it('every list query with control characters or hostile values is a 4xx naming the parameter, never a 5xx', async () => {
    const lists = await Promise.all(
      ['@/app/api/v1/cl2c/contract/route', '@/app/api/v1/cl2c/nft/route', '@/app/api/v1/cl2c/user/route', '@/app/api/v1/console/audit/route', '@/app/api/v1/console/transfers/route'].map(
        (m) => import(m) as Promise<{ GET: Handler }>,
      ),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists.keys()), fc.constantFrom('search', 'status', 'sortBy', 'contractId', 'page', 'copyrightStatus'), controlString, async (i, param, value) => {
        const res = await call(lists[i]!.GET, { headers: headersFor('A'), query: { [param]: value } });
        if (res.status >= 500 || (res.status === 200 && param === 'search')) failures.push(`list ${i} ?${param}=${JSON.stringify(value)} → ${res.status}`);
        return true;
      }),
      { numRuns: 200, seed: 20261126 },
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('the link routes take hostile bodies without a 5xx or a write', async () => {
    const invite = await import('@/app/api/invite/[token]/route');
    const copyright = await import('@/app/api/copyright/[token]/route');
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(invite.POST, copyright.POST), fc.oneof(shapedBody, anyJson, deepValue), async (handler, value) => {
        const before = totalChanges();
        const res = await call(handler, { method: 'POST', params: { token: 'A'.repeat(43) }, headers: { [PEER_HEADER]: '203.0.113.78' }, body: JSON.stringify(value) ?? 'null' });
        if (res.status >= 500 || res.status < 400 || totalChanges() !== before) failures.push(`${res.status} for ${JSON.stringify(value).slice(0, 120)}`);
        return true;
      }),
      { numRuns: 150, seed: 20261127 },
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
