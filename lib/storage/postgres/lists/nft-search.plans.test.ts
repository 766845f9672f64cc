import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSearch } from '@/lib/nft-search/filter';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { recordingStatements, withPostgres } from '@/test/postgres/database';
import { findSearchField } from '@/lib/nft-search/fields';
import { B1_ID, holdsEveryRow, keywordSql, nftSearchPagePg, nftSearchWhere, sortExpr } from './nft-search';
import { clearPgListCaches, searchIndexHelps } from './paging';

/*
 * B1 keywords narrow through the search indexes on PostgreSQL, whichever text fields they read: the
 * plain `keyword` reads every keyword field, so without nfts_search_b_rest_* (the other text fields'
 * joined fold) a rare keyword tested each row of the organization. Over 2,000 NFTs written by plain
 * SQL and analyzed, with sequential scans priced out, each keyword condition's plan must name the
 * indexes (the organization filter is left out: at 2,000 rows of one organization its index wins,
 * at a million it does not); a term that could be part of a number or a date cannot narrow there.
 * (Exactness is the property tests' question: search.property.test.ts, lists.property.test.ts.)
 */
const pg = withPostgres();
const org = crypto.randomUUID();

beforeAll(async () => {
  const q = (text: string) => pg.db().$client.query(text, [org]);
  await q(`insert into organizations (id, name, tenant, created_at, updated_at) values ($1, 'plans', $1, now(), now())`);
  await q(`insert into smart_contracts (id, organization_id, name, symbol, description, created_at, updated_at)
    select gen_random_uuid()::text, $1, 'contract ' || md5(i::text), 'S' || i, '', now(), now() from generate_series(1, 2000) as i`);
  await q(`insert into nfts (id, organization_id, smart_contract_id, name, description, token_uri, created_at, updated_at)
    select gen_random_uuid()::text, $1, c.id, 'nft ' || md5(c.n::text), md5((-c.n)::text), 'ipfs://' || md5(c.n::text || 'u'), now(), now()
    from (select id, row_number() over () as n from smart_contracts where organization_id = $1) as c`);
  // Vacuumed too: the visibility map lets a walk read the index alone.
  await pg.db().$client.query('vacuum analyze nfts');
  await pg.db().$client.query('analyze');
}, 120_000);

async function plan(body: SearchNftsBody): Promise<string> {
  const where = keywordSql(compileSearch(body).keywords)!;
  return pg.db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select "nfts"."id" from "nfts" where ${where}`);
    return rows.map((l) => l['QUERY PLAN']).join('\n');
  });
}

describe('B1 keyword plans', () => {
  it.each([
    ['keyword (every field), long term', { keyword: 'Harbor' }, ['nfts_search_b_trgm', 'nfts_search_b_rest_trgm']],
    ['keyword (every field), short term', { keyword: 'zq' }, ['nfts_search_b_grams', 'nfts_search_b_rest_grams']],
    ['advancedSearch on description and tokenUri', { advancedSearch: { fields: ['description', 'tokenUri'], keyword: 'ipfs' } }, ['nfts_search_b_rest_trgm']],
    ['advancedSearch on the name', { advancedSearch: { fields: ['name'], keyword: 'nft 1' } }, ['nfts_search_b_trgm']],
    ['keyword and advancedSearch together', { keyword: 'cafe', advancedSearch: { fields: ['description'], keyword: 'e' } }, ['nfts_search_b_trgm', 'nfts_search_b_rest_grams']],
  ] as [string, SearchNftsBody, string[]][])('%s', async (_name, body, indexes) => {
    const text = await plan(body);
    for (const index of indexes) expect(text, text).toContain(index);
  });

  it('a term that could be part of a number or a date reads the rows (no index holds them as text)', async () => {
    const text = await plan({ keyword: '2026' });
    expect(text, text).not.toContain('nfts_search_b_rest');
  });
});

describe('B1 `contains` filters on a name narrow through the name indexes', () => {
  const explain = (body: SearchNftsBody, narrow = true) =>
    pg.db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const where = nftSearchWhere(org, compileSearch(body), true, narrow);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select "nfts"."id" from "nfts" where ${where}`);
      return rows.map((l) => l['QUERY PLAN']).join('\n');
    });
  it.each([
    ['name contains', { advancedFilter: { field: 'name', operator: 'contains', value: 'nft 1' } }],
    ['smartContractName contains, inside an OR', { advancedFilter: { logic: 'or', filters: [{ field: 'smartContractName', operator: 'contains', value: 'Contract 9' }, { field: 'supply', operator: 'eq', value: 0 }] } }],
  ] as [string, SearchNftsBody][])('%s', async (_name, body) => {
    const text = await explain(body);
    expect(text, text).toContain('nfts_search_b_trgm');
    // Walked (a shallow page testing each row), the filter reads its own column only.
    expect(await explain(body, false)).not.toContain('nfts_search_b_trgm');
  });
  it('a term of one or two characters is tested as it is (no trigram to narrow by)', async () => {
    const text = await explain({ advancedFilter: { field: 'name', operator: 'contains', value: 'ft' } });
    expect(text, text).not.toMatch(/nfts_search_b/);
  });
});

describe('a trigram term on one name narrows on that name alone', () => {
  // nfts_search_b_trgm holds each name's fold as a column of its own: a search of one name does not
  // read the term's hits in the other (a common word is in contract names as often again), and that
  // column's LIKE is the field's test itself (no strpos after it).
  it.each([
    ['name', /\(name_fold ~~/, /contract_name_fold/],
    ['smartContractName', /contract_name_fold ~~/, /\(name_fold ~~/],
  ] as const)('%s', async (field, reads, notReads) => {
    const text = await plan({ advancedSearch: { fields: [field], keyword: 'nft 1' } });
    expect(text, text).toContain('nfts_search_b_trgm');
    expect(text, text).toMatch(reads);
    expect(text, text).not.toMatch(notReads);
    expect(text, text).not.toContain('strpos');
  });
});

describe('a count beside long keywords narrows a name `contains` too', () => {
  it('its trigram condition is in the count, and every narrowed form counts what the row-by-row test counts', async () => {
    const body = { keyword: 'nft', advancedFilter: { field: 'name', operator: 'contains', value: 'abc' } } as const;
    clearPgListCaches();
    const { result, statements } = await recordingStatements(pg.db().$client, () => nftSearchPagePg(pg.db(), org, compileSearch(body), body));
    const counts = statements.filter((s) => /count\(\*\)/.test(s));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((s) => (s.match(/"nfts"\."name_fold" like/g) ?? []).length === 2), counts.join('\n')).toBe(true);
    const count = async (where: SQL) => Number((await pg.db().execute<{ n: string }>(sql`select count(*) as n from "nfts" where ${where}`)).rows[0]!.n);
    for (const b of [body, { advancedSearch: { fields: ['name'], keyword: 'nft 1' } }, { advancedSearch: { fields: ['smartContractName'], keyword: 'act 2' }, advancedFilter: body.advancedFilter }] as SearchNftsBody[]) {
      const search = compileSearch(b);
      const rowByRow = await count(nftSearchWhere(org, search, false, false));
      expect(rowByRow, JSON.stringify(b)).toBeGreaterThan(0);
      expect(await count(nftSearchWhere(org, search, true, true)), JSON.stringify(b)).toBe(rowByRow);
      expect(await count(nftSearchWhere(org, search, true, false)), JSON.stringify(b)).toBe(rowByRow);
    }
    expect(result.total).toBe(await count(nftSearchWhere(org, compileSearch(body), false, false)));
  });
});

describe('B1 sorts read an index in order', () => {
  // The fold in code-point order, then the id: served by nfts_b1_*_c_idx whatever the database's default
  // collation, instead of reading and sorting every NFT of the organization (migrations 0011, 0019).
  it.each([
    ['name', sql``, 'nfts_b1_name_fold_c_idx'],
    ['name', sql`and "nfts"."status" = 'CREATED'`, 'nfts_b1_status_name_fold_c_idx'],
    ['smartContractName', sql``, 'nfts_b1_contract_name_fold_c_idx'],
    ['smartContractName', sql`and "nfts"."status" = 'MINTED'`, 'nfts_b1_status_contract_name_fold_c_idx'],
    // Other keys, ties by id: the lists' own (organization, …, key, id) indexes.
    ['supply', sql`and "nfts"."status" = 'MINTED'`, 'nfts_org_status_supply_id_idx'],
    ['createdAt', sql``, 'nfts_org_created_idx'],
    // An enum in the column's own collation (its values sort alike in every one).
    ['status', sql``, 'nfts_org_status_only_id_idx'],
  ] as const)('%s %#', async (field, filter, index) => {
    const text = await pg.db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const sort = sortExpr(findSearchField(field)!);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select "nfts"."id" from "nfts" where "nfts"."organization_id" = ${org} ${filter} order by ${sort} desc, ${B1_ID} desc limit 20`,
      );
      return rows.map((l) => l['QUERY PLAN']).join('\n');
    });
    expect(text, text).toContain(index);
    expect(text, text).not.toMatch(/Sort/);
  });
});

describe('NULL-able B1 sorts read an index in their NULL order', () => {
  // NULL first ascending, last descending (SQLite's order), as pageIds writes it: the token id
  // indexes are NULLS FIRST (migration 0017); NULLS LAST ones served neither direction.
  it.each([
    ['asc nulls first', sql``, 'nfts_b1_token_id_idx'],
    ['desc nulls last', sql``, 'nfts_b1_token_id_idx'],
    ['asc nulls first', sql`and "nfts"."status" = 'MINTED'`, 'nfts_b1_status_token_id_idx'],
    ['desc nulls last', sql`and "nfts"."status" = 'MINTED'`, 'nfts_b1_status_token_id_idx'],
  ] as const)('tokenId %s %#', async (order, filter, index) => {
    const text = await pg.db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const sort = sortExpr(findSearchField('tokenId')!);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select "nfts"."id" from "nfts" where "nfts"."organization_id" = ${org} ${filter} order by ${sort} ${sql.raw(order)}, ${B1_ID} ${sql.raw(order.split(' ')[0]!)} limit 20`,
      );
      return rows.map((l) => l['QUERY PLAN']).join('\n');
    });
    expect(text, text).toContain(index);
    expect(text, text).not.toMatch(/Sort/);
  });
});

describe('a common term walks the sort index', () => {
  // Walked (paging.ts walkIsCheaper), the search reads only the criteria's own columns: a name
  // search sorted by name is tested on the (organization, name fold, id) index alone, without
  // fetching each walked row for the search indexes' conditions (the contract name, the other fields).
  it('advancedSearch on the name, sorted by name: an index-only scan, no sort', async () => {
    const search = compileSearch({ advancedSearch: { fields: ['name'], keyword: 'nft' }, orderBy: ['name asc'] });
    const text = await pg.db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select "nfts"."id" from "nfts" where ${nftSearchWhere(org, search, false)} order by ${sortExpr(findSearchField('name')!)} asc, ${B1_ID} asc limit 20`,
      );
      return rows.map((l) => l['QUERY PLAN']).join('\n');
    });
    expect(text, text).toContain('Index Only Scan using nfts_b1_name_fold_c_idx');
    expect(text, text).not.toMatch(/Sort|trgm|grams/);
  });
});

describe('searchIndexHelps: narrow through the search indexes only where the plan reads them', () => {
  const helps = (keyword: string, advancedFilter?: SearchNftsBody['advancedFilter']) => {
    clearPgListCaches();
    const search = compileSearch({ advancedSearch: { fields: ['name'], keyword }, advancedFilter });
    return searchIndexHelps(pg.db(), [keyword], keyword, sql`"nfts"`, nftSearchWhere(org, search), 'nfts_search_b');
  };

  it('a short term in no name is counted off its index; one in every name is not (its gram arrays would be built for each row)', async () => {
    expect(await helps('zq')).toBe(true);
    expect(await helps('n')).toBe(false);
  });

  it('asks whether the short term\'s own gram index is read, not a `contains` filter\'s trigram index beside it', async () => {
    const contains = { field: 'name', operator: 'contains', value: 'nft 1' } as const;
    expect(await helps('n', contains)).toBe(false);
    expect(await helps('zq', contains)).toBe(true);
  });

  it('a longer term always narrows: its LIKE costs no more per row than testing the fields', async () => {
    expect(await helps('nft')).toBe(true);
  });
});

describe('holdsEveryRow: a keyword in every row restricts nothing', () => {
  it.each([
    [{ keyword: 'E' }, true], // in `true` and `false`
    [{ keyword: 't' }, true], // in every date (and in `true`)
    [{ keyword: ':' }, true],
    [{ keyword: 'a' }, false], // in `false` only
    [{ keyword: '2026' }, false],
    [{ keyword: 'tz' }, false],
    [{ advancedSearch: { fields: ['name', 'description'], keyword: 'e' } }, false],
    [{ advancedSearch: { fields: ['minted'], keyword: 'e' } }, true],
    [{ advancedSearch: { fields: ['mintedAt'], keyword: 't' } }, false], // NULL until minted
  ] as [SearchNftsBody, boolean][])('%j → %s', (body, expected) => {
    expect(compileSearch(body).keywords.some(holdsEveryRow)).toBe(expected);
  });
});
