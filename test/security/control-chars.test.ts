/**
 * Issue 26 finding 5 and the nesting low items, with the review's exact requests (500s or a broken
 * `db check` on ba2b81e): text is text — control characters are a 400 naming the field or the
 * parameter, hostile nesting is a 400 before any recursion, and `db check` survives a NUL that is
 * already stored.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listContracts, POST as createContract } from '@/app/api/v1/cl2c/contract/route';
import { GET as listNfts, POST as createNft } from '@/app/api/v1/cl2c/nft/route';
import { GET as listMembers } from '@/app/api/v1/cl2c/user/route';
import { POST as b1 } from '@/app/v1/cl2c/nfts/search/route';
import { getDb } from '@/lib/storage/sqlite/client';
import { smartContracts } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { copySqliteToPostgres, CopyError } from '@/lib/storage/postgres/copy';
import { freshPostgresUrl } from '@/test/postgres/database';
import { env, resetEnvCache } from '@/lib/env';
import { check } from '@/lib/storage/sqlite/search/maintenance';
import { call, createTestOrg } from '@/test/helpers';
import { insertContract, insertNft } from '@/test/nft-fixtures';

let org: Awaited<ReturnType<typeof createTestOrg>>;
const keyA = () => ({ 'x-api-key': org.apiKey });
const keyB = () => ({ tenant: org.organization.tenant, 'x-api-key': org.tenantApiKey });

beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = '100000';
  resetEnvCache();
  org = await createTestOrg();
});

describe('control characters', () => {
  it('?search=%00abc on A1, A5 and A9 is 400 naming search (was 500 "unterminated string")', async () => {
    for (const handler of [listContracts, listNfts, listMembers]) {
      const res = await call(handler, { headers: keyA(), path: '/api/v1/cl2c/x?search=%00abc' });
      expect(res.status, res.text).toBe(400);
      expect(res.json.details).toEqual([
        expect.stringMatching(/^search: must not contain control characters/),
      ]);
    }
  });

  it('B1 keyword, advancedSearch.keyword and a contains filter with a NUL are 400 naming the field', async () => {
    const bodies = [
      [{ keyword: '\u0000abc' }, 'keyword'],
      [{ advancedSearch: { keyword: 'ab\u0000c' } }, 'advancedSearch.keyword'],
      [
        { advancedFilter: { field: 'name', operator: 'contains', value: 'a\u0000bc' } },
        'advancedFilter.value',
      ],
    ] as const;
    for (const [body, field] of bodies) {
      const res = await call(b1, {
        method: 'POST',
        headers: keyB(),
        body: { pageNumber: 1, pageSize: 10, ...body },
      });
      expect(res.status, res.text).toBe(400);
      expect(Object.keys(res.json.errors as object)).toContain(field);
    }
  });

  it('POST /cl2c/contract {"name":"ab\\u0000cd"} is 400 naming name, and nothing is written', async () => {
    const res = await call(createContract, {
      method: 'POST',
      headers: keyA(),
      body: { name: 'ab\u0000cd', symbol: 'NUL' },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.details).toEqual([
      expect.stringMatching(/^name: must not contain control characters/),
    ]);
    expect(await (await getStore()).select().from(smartContracts).where(eq(smartContracts.symbol, 'NUL'))).toEqual([]);
    // Every C0 character but tab and line breaks; DEL too. Tab / line breaks stay allowed in free text.
    for (const c of ['\u0001', '\u0007', '\u001b', '\u001f', '\u007f']) {
      expect(
        (
          await call(createContract, {
            method: 'POST',
            headers: keyA(),
            body: { name: `x${c}y`, symbol: 'CTL' },
          })
        ).status,
      ).toBe(400);
    }
    const multi = await call(createContract, {
      method: 'POST',
      headers: keyA(),
      body: { name: 'Line\tone', symbol: 'TAB', description: 'first line\r\nsecond line' },
    });
    expect(multi.status, multi.text).toBe(201);
  });

  it('a control character in an object key of free-form metadata is named too', async () => {
    const contract = await insertContract(org.organization.id);
    const res = await call(createNft, {
      method: 'POST',
      headers: keyA(),
      body: { name: 'Keys', smartContractId: contract.id, metadata: { 'a\u0000b': 1 } },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.details[0]).toMatch(/^metadata\.a.b: key must not contain control characters/);
  });

  // Only SQLite can hold a NUL in text (PostgreSQL refuses it: the next test), so only a SQLite file
  // can have one from before the fix.
  it.runIf(!process.env.DATABASE_URL)('db check never fails on a NUL already stored (and searches still answer); db copy names it instead of failing obscurely (SQLite)', async () => {
    const contract = await insertContract(org.organization.id, {
      name: 'ab\u0000cd stored before the fix',
    });
    await insertNft(org.organization.id, contract.id, { name: 'Nul\u0000inside the name' });
    const result = check(getDb().$client);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    const found = await call(listContracts, {
      headers: keyA(),
      query: { search: 'stored before' },
    });
    expect(found.status).toBe(200);
    const to = await freshPostgresUrl();
    const copy = await copySqliteToPostgres(env().DATABASE_PATH, to).catch((e: unknown) => e);
    expect(copy).toBeInstanceOf(CopyError);
    expect((copy as Error).message).toMatch(new RegExp(`^smart_contracts\\.name of row ${contract.id} holds a NUL character \\(U\\+0000\\), which PostgreSQL text cannot store; nothing was copied\\. Edit that value in the SQLite file`));
    // Nothing was stored: the same copy succeeds once the NULs are gone.
    const sqlite = getDb().$client;
    for (const table of ['smart_contracts', 'nfts']) {
      for (const row of sqlite.prepare(`SELECT id, name FROM ${table} WHERE instr(name, char(0)) > 0`).all() as { id: string; name: string }[]) {
        sqlite.prepare(`UPDATE ${table} SET name = ? WHERE id = ?`).run(row.name.replaceAll('\u0000', ''), row.id);
      }
    }
    expect((await copySqliteToPostgres(env().DATABASE_PATH, to)).ok).toBe(true);
  }, 60_000);

  it.runIf(!!process.env.DATABASE_URL)('PostgreSQL refuses a NUL in text outright, so none can be stored (PostgreSQL)', async () => {
    const contract = await insertContract(org.organization.id, { name: 'ab\u0000cd' }).catch((e: unknown) => e);
    expect(contract).toBeInstanceOf(Error);
    const error = contract as Error & { cause?: Error };
    expect(error.cause?.message ?? error.message).toMatch(/invalid byte sequence for encoding "UTF8": 0x00/);
  });
});

describe('hostile nesting', () => {
  function nested(levels: number, leaf: unknown, wrap: (inner: unknown) => unknown) {
    let v = leaf;
    for (let i = 0; i < levels; i++) v = wrap(v);
    return v;
  }

  it('advancedFilter nested 1,000 levels is 400 (documented limit 12), not a stack overflow', async () => {
    const leaf = { field: 'name', operator: 'eq', value: 'x' };
    const deep = nested(1000, leaf, (inner) => ({ logic: 'and', filters: [inner] }));
    const res = await call(b1, {
      method: 'POST',
      headers: keyB(),
      body: { pageNumber: 1, pageSize: 10, advancedFilter: deep },
    });
    expect(res.status, res.text).toBe(400);
    const thirteen = nested(12, leaf, (inner) => ({ logic: 'and', filters: [inner] }));
    const at13 = await call(b1, {
      method: 'POST',
      headers: keyB(),
      body: { pageNumber: 1, pageSize: 10, advancedFilter: thirteen },
    });
    expect(at13.status, at13.text).toBe(400);
    expect(JSON.stringify(at13.json.errors)).toMatch(/at most 12 levels/);
    const twelve = nested(11, leaf, (inner) => ({ logic: 'and', filters: [inner] }));
    expect(
      (
        await call(b1, {
          method: 'POST',
          headers: keyB(),
          body: { pageNumber: 1, pageSize: 10, advancedFilter: twelve },
        })
      ).status,
    ).toBe(200);
  });

  it('A6 metadata nested 20,000 levels is 400 naming metadata, not a 500', async () => {
    const contract = await insertContract(org.organization.id);
    const text = `{"name":"Deep","smartContractId":"${contract.id}","metadata":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    const res = await call(createNft, { method: 'POST', headers: keyA(), body: text });
    expect(res.status, res.text).toBe(400);
    expect(res.json.details).toEqual(['metadata: must not be nested deeper than 32 levels']);
  });
});
