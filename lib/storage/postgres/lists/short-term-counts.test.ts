import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { withPostgres } from '@/test/postgres/database';
import { seedSearchTexts } from '@/test/postgres/search-texts';
import { checkPostgres, reindexPostgres } from '../maintenance';
import { asciiLower } from '../../like';
import { b1ShortTermTotal, nftSearchPagePg, nftSearchWhere } from './nft-search';
import { nftPage } from './nfts';
import { clearPgListCaches } from './paging';
import { a5ShortTermTotal } from './short-term-count';

/*
 * Totals of one- and two-character searches read off list_counts' 'nft_terms_a' / 'nft_terms_b1'
 * keys (db/migrations-pg/0020, 0021). Through writes that bypass the application —
 * INSERT … SELECT, COPY, UPDATEs of names, descriptions, the other text fields, status and
 * `copyrighted`, a contract rename (which rewrites its NFTs' contract_name_fold), DELETE — every
 * term's total must equal a count of the rows by the searches' own per-field conditions (and under a
 * status filter, which the stored counts do not answer, the searches' totals too); a tampered key is reported by `db check` and repaired by `db reindex`.
 */
const pg = withPostgres();
const statuses = [null, 'CREATED', 'MINTED', 'FAILED'] as const;
/** Case pairs, non-ASCII (é/É fold in B only), the booleans' letters, LIKE's metacharacters, a space. */
const terms = ['a', 'A', 'é', 'É', 'ha', 'ar', 'ru', 'al', 'fa', 'se', 'x', 'k', '%', '_', ' ', 'r ', 'n', '🚀', 'ue'];

async function seed(): Promise<{ o: string; contract: string }> {
  return seedSearchTexts(pg.db().$client, {
    names: ['Harbor', 'CAFÉ noir', 'ray 🚀', '100% Pure', 'snake_case', 'Kelvin \u212a'],
    sep: ' ',
    descriptions: ['An Élan', 'ruby', 'x y'],
    url: 'https://example.test/Fa',
    copied: 'ÀRBRE',
  });
}

const a5Request = (search: string, status: string | null) =>
  ({ search, ...(status ? { status } : {}), sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 5 }) as Parameters<typeof nftPage>[2];
const b1Body = (keyword: string, status: string | null): SearchNftsBody => ({
  pageSize: 5,
  keyword,
  ...(status ? { advancedFilter: { field: 'status', operator: 'eq', value: status } } : {}),
});

/** The rows' own conditions: A5's LIKE over name/description, B1's per-field keyword (narrowing off). */
async function expectExact(o: string) {
  const c = pg.db().$client;
  for (const status of statuses) {
    for (const term of terms) {
      const where = `${status ?? 'any'} ${JSON.stringify(term)}`;
      const a = await c.query<{ n: string }>(
        `select count(*) as n from nfts where organization_id = $1 and ($2::text is null or status = $2)
           and (strpos(cl2c_ascii_lower(name), cl2c_ascii_lower($3)) > 0 or strpos(cl2c_ascii_lower(description), cl2c_ascii_lower($3)) > 0)`,
        [o, status, term],
      );
      const storedA = a5ShortTermTotal(pg.db(), o, asciiLower(term), { status: status ?? undefined });
      if (status) expect(storedA, `A5 ${where}`).toBeNull();
      else expect(await storedA, `A5 ${where}`).toBe(Number(a.rows[0]!.n));
      clearPgListCaches();
      expect((await nftPage(pg.db(), o, a5Request(term, status))).total, `A5 page ${where}`).toBe(Number(a.rows[0]!.n));

      const body = b1Body(term, status);
      const compiled = compileSearch(body);
      // The count by the keyword's per-field conditions, as a search no stored count answers would run it.
      const { rows } = await pg.db().execute<{ n: string }>(sql`select count(*) as n from nfts where ${nftSearchWhere(o, compiled, false)}`);
      // `e` is in every row (`true` and `false` both hold it): no keyword to count then.
      const storedB = compiled.keywords.length ? b1ShortTermTotal(pg.db(), o, compiled) : null;
      if (status) expect(storedB, `B1 ${where}`).toBeNull();
      else if (compiled.keywords.length) expect(await storedB, `B1 ${where}`).toBe(Number(rows[0]!.n));
      clearPgListCaches();
      expect((await nftSearchPagePg(pg.db(), o, compiled, body)).total, `B1 page ${where}`).toBe(Number(rows[0]!.n));
    }
  }
}

describe('short-term totals from list_counts', () => {
  it('stay exact through plain-SQL inserts, COPY, updates of every searched field, a contract rename and deletes', async () => {
    const c = pg.db().$client;
    const { o, contract } = await seed();
    await expectExact(o);
    await c.query(`update nfts set name = 'Renamed ÉTÉ ' || supply where organization_id = $1 and name like 'Harbor%'`, [o]);
    await c.query(`update nfts set description = 'new %' where organization_id = $1 and description = 'ruby'`, [o]);
    await c.query(`update nfts set status = 'MINTED', mint_transaction_hash = '0xFA', token_owner = 'Raúl' where organization_id = $1 and status = 'FAILED'`, [o]);
    // `copyrighted` follows the shares (an authorized share's trigger sets it on the NFT).
    const user = crypto.randomUUID();
    await c.query(`insert into users (id, email, created_at, updated_at) values ($1, $1 || '@example.test', now(), now())`, [user]);
    await c.query(
      `insert into copyright_shares (id, nft_id, user_id, percentage, status, created_at, updated_at)
       select gen_random_uuid()::text, id, $2, 100, 'AUTHORIZED', now(), now() from nfts where organization_id = $1 and name like 'ray%'`,
      [o, user],
    );
    await c.query(`update nfts set updated_at = now() where organization_id = $1`, [o]);
    // Status alone: no gram moves, except `minted`'s text when the status becomes or leaves MINTED.
    await c.query(`update nfts set status = 'PENDING' where organization_id = $1 and status = 'CREATED' and name like 'CAFÉ%'`, [o]);
    await c.query(`update nfts set status = 'MINTED' where organization_id = $1 and status = 'CREATED' and name like '100%'`, [o]);
    await c.query(`update nfts set status = 'FAILED' where organization_id = $1 and status = 'MINTED' and name like 'Kelvin%'`, [o]);
    await c.query(`update smart_contracts set name = 'Sé Ru' where id = $1`, [contract]);
    await c.query(`delete from nfts where organization_id = $1 and name like 'snake%'`, [o]);
    await expectExact(o);
    expect((await checkPostgres(c)).problems).toEqual([]);
  });

  it('answer only what the stored grams decide', async () => {
    const { o, contract } = await seed();
    const b1 = (b: SearchNftsBody) => b1ShortTermTotal(pg.db(), o, compileSearch(b));
    expect(b1({ keyword: 'ha' })).not.toBeNull();
    expect(b1({ keyword: 'har' })).toBeNull(); // three characters: trigram index
    expect(b1({ keyword: '1' })).toBeNull(); // part of a number or a date
    expect(b1({ keyword: 'a\n' })).toBeNull(); // a line feed joins the other text fields
    expect(b1({ advancedSearch: { fields: ['name'], keyword: 'ha' } })).toBeNull(); // not every keyword field
    expect(b1({ keyword: 'ha', smartContractId: contract })).toBeNull();
    expect(b1({ keyword: 'ha', advancedFilter: { field: 'supply', operator: 'gte', value: '1' } })).toBeNull();
    expect(b1({ keyword: 'ha', advancedFilter: { field: 'status', operator: 'eq', value: 'MINTED' } })).toBeNull();
    expect(b1({ keyword: 'ha', advancedSearch: { fields: ['name'], keyword: 'ru' } })).toBeNull(); // two criteria, OR-ed
    expect(a5ShortTermTotal(pg.db(), o, 'ha', { contractId: contract })).toBeNull();
    expect(a5ShortTermTotal(pg.db(), o, 'ha', { status: 'MINTED' })).toBeNull();
    expect(a5ShortTermTotal(pg.db(), o, 'ha', { copyrightStatus: 'NONE' })).toBeNull();
    expect(a5ShortTermTotal(pg.db(), o, 'har', {})).toBeNull();
  });

  it('db check reports a tampered term key; db reindex repairs it', async () => {
    const c = pg.db().$client;
    const { o } = await seed();
    const { rows } = await c.query<{ n: string }>(`select sum(n) as n from list_counts where organization_id = $1 and list = 'nft_terms_b1' and k1 = 'ha' and k2 = ''`, [o]);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    await c.query(`update list_counts set n = n + 2 where organization_id = $1 and list = 'nft_terms_b1' and k1 = 'ha' and k2 = '' and shard = (
      select min(shard) from list_counts where organization_id = $1 and list = 'nft_terms_b1' and k1 = 'ha' and k2 = '')`, [o]);
    await c.query(`delete from list_counts where organization_id = $1 and list = 'nft_terms_a' and k1 = 'É'`, [o]);
    const { problems } = await checkPostgres(c);
    expect(problems).toContainEqual(`list_counts nft_terms_b1[ha,] of organization ${o}: stored ${Number(rows[0]!.n) + 2}, actual ${rows[0]!.n}`);
    expect(problems.some((p) => p.startsWith(`list_counts nft_terms_a[É,`))).toBe(true);
    await reindexPostgres(c);
    expect((await checkPostgres(c)).problems).toEqual([]);
    await expectExact(o);
  });
});
