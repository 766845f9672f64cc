import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { withPostgres } from '@/test/postgres/database';
import { seedSearchTexts } from '@/test/postgres/search-texts';
import { asciiLower } from '../../like';
import { checkPostgres, reindexPostgres } from '../maintenance';
import { nftSearchPagePg, nftSearchWhere } from './nft-search';
import { nftPage } from './nfts';
import { clearPgListCaches } from './paging';
import { isWordTerm, wordGroups } from './word-count';

/*
 * Totals of longer terms read off list_counts' 'nft_words_a' / 'nft_words_b1' / 'nft_words_b1_name' keys
 * (migrations 0024–0025): A5's search, B1's plain keyword, B1's name searched alone or `contains`.
 * Through writes that bypass the application — INSERT … SELECT, COPY, updates of every searched
 * field, of status and copyright, a contract rename, DELETE — every term's total (alone and under
 * each status and copyright filter) must equal a count of the rows by the searches' own per-field
 * conditions; the stored words must decide exactly the terms one word holds; a tampered key is
 * reported by `db check` and repaired by `db reindex`.
 */
const pg = withPostgres();
const statuses = [null, 'CREATED', 'MINTED', 'FAILED'] as const;
/**
 * One word (`harbor`, `élan`, `snake` of `snake_case`), two words (`gold`: golden, goldfish), none
 * (`zzz`), non-ASCII case pairs (`CAFÉ` folds in B only), a hexadecimal part (`face`, `0xfa`), a
 * boolean's text (`rue`), separators inside the term (`e_c`, `n #`), a contract-name word (`series`).
 */
const terms = ['harbor', 'HARBOR', 'élan', 'Élan', 'café', 'CAFÉ', 'snake', 'case', 'gold', 'golden', 'goldfish', 'zzz', 'face', '0xfa', 'rue', 'e_c', 'n #', 'series', 'ray', 'arbre'];

async function seed(): Promise<{ o: string; contract: string }> {
  return seedSearchTexts(pg.db().$client, {
    names: ['Harbor', 'CAFÉ noir', 'ray golden', 'goldfish #', 'snake_case', 'Kelvin \u212a', 'face 0xFACE'],
    sep: ' #',
    descriptions: ['An Élan', 'golden ray', 'x y'],
    url: 'https://example.test/Harbor',
    copied: 'ÀRBRE golden',
    contractName: 'Golden series',
  });
}

type Facets = { status: string | null; copyright: boolean | null };
const facetsOf = statuses.flatMap((status) => [null, true, false].map((copyright) => ({ status, copyright })));

/** The rows' own conditions: A5's LIKE over name/description, B1's per-field keyword (narrowing off). */
async function expectExact(o: string) {
  const c = pg.db().$client;
  for (const term of terms) {
    for (const { status, copyright } of facetsOf) {
      const where = `${status ?? 'any'} ${copyright ?? 'any'} ${JSON.stringify(term)}`;
      const copyrightStatus = copyright === null ? null : copyright ? 'COPYRIGHTED' : 'NONE';
      const a = await c.query<{ n: string }>(
        `select count(*) as n from nfts where organization_id = $1 and ($2::text is null or status = $2) and ($3::text is null or copyright_status = $3)
           and (strpos(cl2c_ascii_lower(name), cl2c_ascii_lower($4)) > 0 or strpos(cl2c_ascii_lower(description), cl2c_ascii_lower($4)) > 0)`,
        [o, status, copyrightStatus, term],
      );
      clearPgListCaches();
      const request = { search: term, ...(status ? { status } : {}), ...(copyrightStatus ? { copyrightStatus } : {}), sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 5 };
      expect((await nftPage(pg.db(), o, request as Parameters<typeof nftPage>[2])).total, `A5 ${where}`).toBe(Number(a.rows[0]!.n));

      for (const mode of ['keyword', 'name', 'contains'] as const) {
        const body = b1Body(term, { status, copyright }, mode);
        const compiled = compileSearch(body);
        const { rows } = await pg.db().execute<{ n: string }>(sql`select count(*) as n from nfts where ${nftSearchWhere(o, compiled, false)}`);
        clearPgListCaches();
        expect((await nftSearchPagePg(pg.db(), o, compiled, body)).total, `B1 ${mode} ${where}`).toBe(Number(rows[0]!.n));
      }
    }
  }
}

/** B1's plain keyword, the name searched alone for it, or a name `contains` of it. */
function b1Body(keyword: string, { status, copyright }: Facets, mode: 'keyword' | 'name' | 'contains'): SearchNftsBody {
  const leaves = [
    ...(mode === 'contains' ? [{ field: 'name', operator: 'contains', value: keyword }] : []),
    ...(status ? [{ field: 'status', operator: 'eq', value: status }] : []),
    ...(copyright === null ? [] : [{ field: 'copyrighted', operator: 'eq', value: copyright }]),
  ];
  const search = mode === 'keyword' ? { keyword } : mode === 'name' ? { advancedSearch: { fields: ['name'], keyword } } : {};
  return { pageSize: 5, ...search, ...(leaves.length ? { advancedFilter: leaves.length === 1 ? leaves[0] : { logic: 'and', filters: leaves } } : {}) };
}

/** Which terms the stored words decide, per list: [A5, B1, B1's name]. */
async function decided(o: string, term: string): Promise<boolean[]> {
  const lists = [
    ['nft_words_a', asciiLower(term)],
    ['nft_words_b1', term.toLowerCase()],
    ['nft_words_b1_name', term.toLowerCase()],
  ] as const;
  return Promise.all(lists.map(async ([list, folded]) => (await wordGroups(pg.db(), o, list, folded)) !== null));
}

describe('word totals from list_counts', () => {
  it('decide a term of word characters that one stored word holds, none or no word at all', () => {
    expect(['harbor', 'élan', 'ÀRBRE', 'ray', 'k\u212ak', '🚀🚀🚀'].map(isWordTerm)).toEqual([true, true, true, true, true, true]);
    // Too short, a separator inside, a hexadecimal string's part (numbers too), a lone surrogate.
    expect(['ha', 'e_c', 'n #', 'a-b', 'face', '0xfa', 'x12', '123', 'ab\uD800'].map(isWordTerm)).toEqual(Array(9).fill(false));
  });

  it('stay exact through plain-SQL inserts, COPY, updates of every searched field, status and copyright, a contract rename and deletes', async () => {
    const c = pg.db().$client;
    const { o, contract } = await seed();
    await expectExact(o);
    expect(await decided(o, 'harbor')).toEqual([true, true, true]);
    expect(await decided(o, 'zzz')).toEqual([true, true, true]); // no word holds it: no row
    expect(await decided(o, 'gold')).toEqual([false, false, false]); // golden and goldfish: both may hold a row
    expect(await decided(o, 'élan')).toEqual([true, true, true]); // a description's word: B1's name has none
    expect(await decided(o, 'series')).toEqual([true, true, true]); // only the contract's name: A5 has no such word
    expect(await decided(o, 'rue')).toEqual([true, true, true]); // B1 reads booleans' texts too: its caller counts (wordCountedKeyword)

    await c.query(`update nfts set name = 'Renamed ÉTÉ ' || supply where organization_id = $1 and name like 'Harbor%'`, [o]);
    await c.query(`update nfts set description = 'new harbor' where organization_id = $1 and description = 'x y'`, [o]);
    await c.query(`update nfts set status = 'MINTED', mint_transaction_hash = '0xFA', token_owner = 'Raúl', token_uri = 'ipfs://goldfish/1' where organization_id = $1 and status = 'FAILED'`, [o]);
    const user = crypto.randomUUID();
    await c.query(`insert into users (id, email, created_at, updated_at) values ($1, $1 || '@example.test', now(), now())`, [user]);
    await c.query(
      `insert into copyright_shares (id, nft_id, user_id, percentage, status, created_at, updated_at)
       select gen_random_uuid()::text, id, $2, 100, 'AUTHORIZED', now(), now() from nfts where organization_id = $1 and name like 'ray%'`,
      [o, user],
    );
    await c.query(`update nfts set copyright_status = 'COPYRIGHTED' where organization_id = $1 and name like 'ray%'`, [o]);
    await c.query(`update nfts set updated_at = now(), supply = supply + 1 where organization_id = $1`, [o]);
    await c.query(`update smart_contracts set name = 'Sé Ru' where id = $1`, [contract]);
    await expectExact(o);
    // Every goldfish NFT deleted: its word's keys stay at zero, and `gold` is golden's alone.
    await c.query(`delete from nfts where organization_id = $1 and (name like 'goldfish%' or token_uri like '%goldfish%')`, [o]);
    expect(await decided(o, 'gold')).toEqual([true, true, true]);
    await expectExact(o);
    expect((await checkPostgres(c)).problems).toEqual([]);
  });

  it('db check reports a tampered word key; db reindex repairs it', async () => {
    const c = pg.db().$client;
    const { o } = await seed();
    const key = `select sum(n) as n from list_counts where organization_id = $1 and list = 'nft_words_b1' and k1 = 'harbor' and k2 = 'CREATED false'`;
    const { rows } = await c.query<{ n: string }>(key, [o]);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    await c.query(`update list_counts set n = n + 2 where organization_id = $1 and list = 'nft_words_b1' and k1 = 'harbor' and k2 = 'CREATED false' and shard = (
      select min(shard) from list_counts where organization_id = $1 and list = 'nft_words_b1' and k1 = 'harbor' and k2 = 'CREATED false')`, [o]);
    await c.query(`delete from list_counts where organization_id = $1 and list = 'nft_words_a' and k1 = 'Élan'`, [o]);
    const { problems } = await checkPostgres(c);
    expect(problems).toContainEqual(`list_counts nft_words_b1[harbor,CREATED false] of organization ${o}: stored ${Number(rows[0]!.n) + 2}, actual ${rows[0]!.n}`);
    expect(problems.some((p) => p.startsWith(`list_counts nft_words_a[Élan,`))).toBe(true);
    await reindexPostgres(c);
    expect((await checkPostgres(c)).problems).toEqual([]);
    await expectExact(o);
  });
});
