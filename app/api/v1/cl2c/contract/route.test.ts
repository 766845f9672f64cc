import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents, smartContracts } from '@/lib/storage/tables';
import { createApiKey } from '@/lib/api-keys/service';
import { call, createTestOrg } from '@/test/helpers';
import { DELETE } from './[id]/route';
import { GET, POST, PUT } from './route';
import { getStore } from '@/lib/storage/current';
import { insertNft } from '@/test/nft-fixtures';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
const h = () => ({ 'x-api-key': org.apiKey });

async function create(body: Record<string, unknown>, key = org.apiKey) {
  const res = await call(POST, { method: 'POST', headers: { 'x-api-key': key }, body });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string; status: string; [k: string]: unknown };
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
});

describe('authentication', () => {
  it('401 without a key, with an unknown key, and with a Family B key', async () => {
    const cases: Record<string, string>[] = [{}, { 'x-api-key': 'cl2c_a_nope' }, { 'x-api-key': org.tenantApiKey }];
    for (const headers of cases) {
      const res = await call(GET, { headers });
      expect(res.status).toBe(401);
      expect(res.json.error).toMatch(/key|sign in/i);
      expect(res.json.details).toEqual([]);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('401 with a revoked key and with an expired key', async () => {
    const store = await getStore();
    const revoked = await createApiKey(await getStore(), { organizationId: org.organization.id, userId: org.admin.id, family: 'A', name: 'r' });
    expect((await call(GET, { headers: { 'x-api-key': revoked.key } })).status).toBe(200);
    await store.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, revoked.id));
    expect((await call(GET, { headers: { 'x-api-key': revoked.key } })).status).toBe(401);

    const expired = await createApiKey(await getStore(), {
      organizationId: org.organization.id,
      userId: org.admin.id,
      family: 'A',
      name: 'e',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await call(GET, { headers: { 'x-api-key': expired.key } })).status).toBe(401);
  });

  it('echoes a caller-supplied x-request-id', async () => {
    const res = await call(GET, { headers: { ...h(), 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });
});

describe('A2 POST /cl2c/contract', () => {
  it('creates a CREATED contract with defaults and returns 201', async () => {
    const c = await create({ name: 'Genesis', symbol: 'GEN', description: 'First', metadata: { a: 1 } });
    expect(c).toMatchObject({
      name: 'Genesis',
      symbol: 'GEN',
      description: 'First',
      network: 'POLYGON',
      env: 'TESTNET',
      status: 'CREATED',
      contractAddress: null,
      deployedAt: null,
      metadata: { a: 1 },
      totalNFTs: 0,
    });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each([
    [{ symbol: 'X' }, 'name'],
    [{ name: '', symbol: 'X' }, 'name'],
    [{ name: 'x'.repeat(101), symbol: 'X' }, 'name'],
    [{ name: 'N' }, 'symbol'],
    [{ name: 'N', symbol: 'BAD-SYM' }, 'symbol'],
    [{ name: 'N', symbol: 'A'.repeat(17) }, 'symbol'],
    [{ name: 'N', symbol: 'X', network: 'ETHEREUM' }, 'network'],
    [{ name: 'N', symbol: 'X', env: 'DEVNET' }, 'env'],
    [{ name: 'N', symbol: 'X', metadata: [1, 2] }, 'metadata'],
    [{ name: 'N', symbol: 'X', description: 5 }, 'description'],
    [{ name: 'N', symbol: 'X', colour: 'red' }, 'colour'],
  ])('400 naming the field for %j', async (body, field) => {
    const count = async () => (await (await getStore()).select().from(smartContracts)).length;
    const before = await count();
    const res = await call(POST, { method: 'POST', headers: h(), body });
    expect(res.status).toBe(400);
    expect(res.json.details.some((d: string) => d.startsWith(`${field}: `) || d.includes(`"${field}"`))).toBe(true);
    expect(await count()).toBe(before);
  });

  it('400 for malformed JSON, 415 for another content type, 413 over 1 MiB', async () => {
    const bad = await call(POST, { method: 'POST', headers: h(), body: '{"name": ' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/JSON/);
    const text = await call(POST, { method: 'POST', headers: { ...h(), 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    const big = await call(POST, {
      method: 'POST',
      headers: h(),
      body: { name: 'N', symbol: 'X', description: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: expect.any(String), details: [] });
  });
});

describe('A1 GET /cl2c/contract', () => {
  let listOrg: Awaited<ReturnType<typeof createTestOrg>>;
  beforeAll(async () => {
    listOrg = await createTestOrg();
    const names = ['Alpha Cats', 'beta dogs', 'Gamma 100% Cats', 'Delta_Birds', 'Epsilon'];
    for (const [i, name] of names.entries()) {
      await create({ name, symbol: `S${i}`, description: i === 4 ? 'has CATS inside' : undefined }, listOrg.apiKey);
      await new Promise((r) => setTimeout(r, 3));
    }
    await create({ name: 'Other org cat', symbol: 'OC' }, other.apiKey);
  });
  const list = (query: Record<string, string | number>) => call(GET, { headers: { 'x-api-key': listOrg.apiKey }, query });

  it('returns the envelope with defaults and the filters echo', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, hasNext: false, hasPrev: false });
    expect(res.json.filters).toEqual({ search: null, status: null, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(res.json.data.map((c: { name: string }) => c.name)).toEqual([
      'Epsilon',
      'Delta_Birds',
      'Gamma 100% Cats',
      'beta dogs',
      'Alpha Cats',
    ]);
  });

  it('paginates with page and limit', async () => {
    const res = await list({ page: 2, limit: 2, sortOrder: 'asc' });
    expect(res.json.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrev: true });
    expect(res.json.data.map((c: { name: string }) => c.name)).toEqual(['Gamma 100% Cats', 'Delta_Birds']);
    const past = await list({ page: 9, limit: 2 });
    expect(past.json.data).toEqual([]);
    expect(past.json.pagination.hasNext).toBe(false);
  });

  it('searches name, symbol and description case-insensitively, % and _ literally', async () => {
    const names = async (search: string) => (await list({ search })).json.data.map((c: { name: string }) => c.name).sort();
    expect(await names('cats')).toEqual(['Alpha Cats', 'Epsilon', 'Gamma 100% Cats']);
    expect(await names('%')).toEqual(['Gamma 100% Cats']);
    expect(await names('_')).toEqual(['Delta_Birds']);
    expect(await names('s3')).toEqual(['Delta_Birds']);
    expect((await list({ search: 'cats' })).json.filters.search).toBe('cats');
  });

  it('filters by status and sorts by an allowed field', async () => {
    const res = await list({ status: 'DEPLOYED' });
    expect(res.json.data).toEqual([]);
    expect(res.json.pagination.totalPages).toBe(0);
    const byName = await list({ sortBy: 'name', sortOrder: 'asc' });
    expect(byName.json.data[0].name).toBe('Alpha Cats');
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page: -1 }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ sortBy: 'id' }, 'sortBy'],
    [{ sortOrder: 'up' }, 'sortOrder'],
    [{ status: 'LIVE' }, 'status'],
    [{ colour: 'red' }, 'colour'],
  ])('400 for query %j', async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.json.details.some((d: string) => d.startsWith(`${field}: `) || d.includes(`"${field}"`))).toBe(true);
  });

  it('never shows another organization’s contracts', async () => {
    const res = await list({ search: 'Other org' });
    expect(res.json.data).toEqual([]);
  });
});

describe('A3 PUT /cl2c/contract', () => {
  const put = (body: unknown, key = org.apiKey) => call(PUT, { method: 'PUT', headers: { 'x-api-key': key }, body });

  it('DEPLOYED without an address is 400 and changes nothing', async () => {
    const c = await create({ name: 'NoAddr', symbol: 'NA' });
    const res = await put({ id: c.id, status: 'DEPLOYED' });
    expect(res.status).toBe(400);
    expect(res.json.details).toEqual(['contractAddress: is required when status is DEPLOYED']);
    const [row] = await (await getStore()).select().from(smartContracts).where(eq(smartContracts.id, c.id));
    expect(row?.status).toBe('CREATED');
  });

  it('DEPLOYED with an address stores EIP-55 and defaults deployedAt to now; audit kept', async () => {
    const c = await create({ name: 'Deploy me', symbol: 'DM' });
    const before = Date.now();
    const res = await put({ id: c.id, status: 'DEPLOYED', contractAddress: '0x52908400098527886e0f7030069857d2e4169ee7' });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('DEPLOYED');
    expect(res.json.contractAddress).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(new Date(res.json.deployedAt).getTime()).toBeGreaterThanOrEqual(before - 5);
    const audit = await (await getStore()).select().from(auditEvents).where(eq(auditEvents.entityId, c.id)).orderBy(auditEvents.createdAt);
    expect(audit.map((a) => a.action).sort()).toEqual(['contract.create', 'contract.update']);
  });

  it('keeps an explicit deployedAt and allows any status order', async () => {
    const c = await create({ name: 'Explicit', symbol: 'EX' });
    const at = '2025-01-02T03:04:05.678Z';
    const res = await put({ id: c.id, status: 'DEPLOYED', contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7', deployedAt: at });
    expect(res.json.deployedAt).toBe(at);
    const failed = await put({ id: c.id, status: 'FAILED' });
    expect(failed.json.status).toBe('FAILED');
    const again = await put({ id: c.id, status: 'CREATED' });
    expect(again.json.status).toBe('CREATED');
  });

  it.each([
    [{}, 'id'],
    [{ id: 'x', status: 'BROKEN' }, 'status'],
    [{ id: 'x', contractAddress: '0x123' }, 'contractAddress'],
    [{ id: 'x', deployedAt: 'yesterday' }, 'deployedAt'],
  ])('400 for %j', async (body, field) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.json.details.some((d: string) => d.startsWith(`${field}: `))).toBe(true);
  });

  it('404 for an unknown id and for another organization’s contract', async () => {
    expect((await put({ id: crypto.randomUUID(), status: 'FAILED' })).status).toBe(404);
    const theirs = await create({ name: 'Theirs', symbol: 'TH' }, other.apiKey);
    const res = await put({ id: theirs.id, status: 'FAILED' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Smart contract not found.', details: [] });
  });
});

describe('A4 DELETE /cl2c/contract/{id}', () => {
  const del = (id: string, key = org.apiKey) => call(DELETE, { method: 'DELETE', headers: { 'x-api-key': key }, params: { id } });

  it('deletes an empty contract', async () => {
    const c = await create({ name: 'Doomed', symbol: 'DOOM' });
    const res = await del(c.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Smart contract deleted.', deletedContract: { id: c.id, name: 'Doomed' } });
    expect((await del(c.id)).status).toBe(404);
  });

  it('409 when the contract has NFTs, and nothing is deleted', async () => {
    const c = await create({ name: 'Busy', symbol: 'BUSY' });
    await insertNft(org.organization.id, c.id, { name: 'n1' });
    const res = await del(c.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/still has 1 NFT/);
    expect(await (await getStore()).select().from(smartContracts).where(eq(smartContracts.id, c.id))).toHaveLength(1);
    const listed = await call(GET, { headers: h(), query: { search: 'Busy' } });
    expect(listed.json.data[0].totalNFTs).toBe(1);
  });

  it('404 for another organization’s contract', async () => {
    const theirs = await create({ name: 'Keep', symbol: 'KEEP' }, other.apiKey);
    expect((await del(theirs.id)).status).toBe(404);
    expect(await (await getStore()).select().from(smartContracts).where(eq(smartContracts.id, theirs.id))).toHaveLength(1);
  });
});
