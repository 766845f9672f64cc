import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';
import { contractMatch, invitationMatch, memberMatch, nftMatch, personMatch } from './queries';

/*
 * The search queries compare exactly the expressions the GIN indexes of
 * db/migrations-pg/0001_search.sql and 0013_member_search.sql are built on — else PostgreSQL scans every row of the
 * organization and the search is exact but slow. Over 2,000 rows of each table (written by plain
 * SQL, analyzed), with sequential scans priced out, each search condition's plan must name its
 * index: trigram for terms of three or more characters, the gram array for one and two. (Which
 * plan PostgreSQL picks once the organization filter competes is the benchmark's question.)
 */
const pg = withPostgres();
const org = crypto.randomUUID();

beforeAll(async () => {
  const q = (text: string) => pg.db().$client.query(text, [org]);
  await q(`insert into organizations (id, name, tenant, created_at, updated_at) values ($1, 'plans', $1, now(), now())`);
  await q(`insert into smart_contracts (id, organization_id, name, symbol, description, created_at, updated_at)
    select gen_random_uuid()::text, $1, 'contract ' || md5(i::text), 'S' || i, md5((-i)::text), now(), now() from generate_series(1, 2000) as i`);
  // One NFT per contract: 2,000 NFTs of one contract would rewrite its totals row 2,000 times.
  await q(`insert into nfts (id, organization_id, smart_contract_id, name, description, created_at, updated_at)
    select gen_random_uuid()::text, $1, c.id, 'nft ' || md5(c.n::text), md5((-c.n)::text), now(), now()
    from (select id, row_number() over () as n from smart_contracts where organization_id = $1) as c`);
  await q(`insert into users (id, email, name, created_at, updated_at)
    select 'u' || i || $1, md5(i::text) || '@example.test', md5((-i)::text), now(), now() from generate_series(1, 2000) as i`);
  await q(`insert into user_organizations (id, organization_id, user_id, created_at, updated_at)
    select gen_random_uuid()::text, $1, 'u' || i || $1, now(), now() from generate_series(1, 2000) as i`);
  await q(`insert into invitations (id, organization_id, email, token_hash, expires_at, created_at, updated_at)
    select gen_random_uuid()::text, $1, md5(i::text) || '@invited.test', md5(i::text), now(), now(), now() from generate_series(1, 2000) as i`);
  await pg.db().$client.query('analyze');
}, 120_000);

async function plan(rows: SQL): Promise<string> {
  return pg.db().transaction(async (tx) => {
    // At 2,000 rows a sequential scan may still be cheaper; at a million it is not.
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows: lines } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${rows}`);
    return lines.map((l) => l['QUERY PLAN']).join('\n');
  });
}

describe('search plans use the search indexes', () => {
  it.each([
    ['NFTs A, long term', sql`select id from nfts where ${nftMatch('Harbor', 'A')}`, 'nfts_search_a_trgm'],
    ['NFTs A, short term', sql`select id from nfts where ${nftMatch('Ha', 'A')}`, 'nfts_search_a_grams'],
    ['NFTs B, long term', sql`select id from nfts where ${nftMatch('CAFÉ', 'B')}`, 'nfts_search_b_trgm'],
    ['NFTs B, short term', sql`select id from nfts where ${nftMatch('İ', 'B')}`, 'nfts_search_b_grams'],
    ['contracts, long term', sql`select id from smart_contracts where ${contractMatch('gen')}`, 'contracts_search_a_trgm'],
    ['contracts, short term', sql`select id from smart_contracts where ${contractMatch('g')}`, 'contracts_search_a_grams'],
    ['people (activity search)', sql`select id from users u where ${personMatch('ada@')}`, 'users_search_a_trgm'],
    ['invitations (activity search)', sql`select id from invitations i where ${invitationMatch('ada@')}`, 'invitations_search_a_trgm'],
    ['members and invitations, long term', sql`select id from member_list ml where ${memberMatch('ada@')}`, 'member_list_search_trgm'],
    ['members and invitations, short term', sql`select id from member_list ml where ${memberMatch('ad')}`, 'member_list_search_grams'],
  ])('%s', async (_name, query, index) => {
    const text = await plan(query);
    expect(text, text).toContain(index);
  });
});
