import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { b1RestColumns } from '@/db/schema-pg';
import { compileSearch } from '@/lib/nft-search/filter';
import { organizationWithContract, withPostgres } from '@/test/postgres/database';
import { migratePostgres } from './connection';
import { nftSearchPagePg } from './lists/nft-search';
import { clearPgListCaches } from './lists/paging';
import { checkPostgres } from './maintenance';

/*
 * nfts.rest_fold (db/migrations-pg/0023): B1's other keyword fields folded and joined, a column the
 * server generates. A database from before 0023 migrates forward with every existing row's value
 * and the two search indexes over the column; rows written after, by any SQL, carry it too.
 */
const pg = withPostgres();

const REST = b1RestColumns.join(', ');

/** The last applied migration forgotten, so that the next migratePostgres applies it again. */
const forgetLastMigration = (c: ReturnType<typeof pg.db>['$client']) =>
  c.query('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)');

/** The database as migration 0025 left it: the counting triggers shard by backend id (0026 undone). */
async function beforeConnectionShards() {
  const c = pg.db().$client;
  for (const f of ['cl2c_count_nfts', 'cl2c_count_contracts', 'cl2c_count_members', 'cl2c_count_nft_words']) {
    const { rows } = await c.query<{ def: string }>('select pg_get_functiondef($1::regproc) as def', [f]);
    await c.query(rows[0]!.def.replaceAll('cl2c_shard()', '(pg_backend_pid() % 8)::smallint'));
  }
  await c.query('drop function cl2c_shard');
  await forgetLastMigration(c);
}

/** The database as migration 0023 left it: 0024–0025's word counts (which read rest_fold) undone. */
async function beforeWordCounts() {
  const c = pg.db().$client;
  await beforeConnectionShards();
  const v0021 = readFileSync('db/migrations-pg/0021_short_term_counts_any_status.sql', 'utf8')
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('CREATE OR REPLACE VIEW "list_counts_expected"'))!;
  await c.query(v0021);
  for (const t of ['ai', 'ad', 'au']) await c.query(`drop trigger nfts_words_${t} on nfts`);
  await c.query('drop function cl2c_count_nft_words(); drop function cl2c_nft_words; drop function cl2c_words');
  await c.query('drop index list_counts_words_trgm');
  await c.query(`delete from list_counts where list like 'nft\\_words\\_%'`);
  await forgetLastMigration(c);
  await forgetLastMigration(c);
}

/** The database as migration 0022 left it: no rest_fold, the indexes over cl2c_b1_rest's expression, 0023 not yet applied. */
async function before0023() {
  const c = pg.db().$client;
  await beforeWordCounts();
  await c.query('drop index nfts_search_b_rest_trgm');
  await c.query('drop index nfts_search_b_rest_grams');
  await c.query('alter table nfts drop column rest_fold');
  await c.query(`create index nfts_search_b_rest_trgm on nfts using gin (cl2c_b1_rest(${REST}) gin_trgm_ops) with (gin_pending_list_limit = 64)`);
  await c.query(`create index nfts_search_b_rest_grams on nfts using gin (cl2c_grams(cl2c_b1_rest(${REST}))) with (gin_pending_list_limit = 64)`);
  await forgetLastMigration(c);
}

const keyword = async (organizationId: string, term: string) => {
  clearPgListCaches();
  const body = { keyword: term, pageNumber: 1, pageSize: 50 };
  return nftSearchPagePg(pg.db(), organizationId, compileSearch(body), body);
};

describe('nfts.rest_fold on PostgreSQL', () => {
  it('an existing database migrates forward: every row gets its fold, the indexes move to the column, searches find them', async () => {
    const c = pg.db().$client;
    await before0023();
    const { organizationId, contractId } = await organizationWithContract(c);
    const rows = [
      { name: 'one', description: 'A ΣΊΣΥΦΟΣ Lantern', token_uri: null },
      { name: 'two', description: null, token_uri: 'IPFS://Lantern-Two' },
      { name: 'three', description: 'nothing here', token_uri: null },
    ];
    const ids: string[] = [];
    for (const r of rows) {
      const id = crypto.randomUUID();
      ids.push(id);
      await c.query(
        `insert into nfts (id, organization_id, smart_contract_id, name, description, token_uri, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, now(), now())`,
        [id, organizationId, contractId, r.name, r.description, r.token_uri],
      );
    }

    await migratePostgres(c);
    const { rows: folds } = await c.query<{ id: string; rest_fold: string }>('select id, rest_fold from nfts where organization_id = $1', [organizationId]);
    const byId = new Map(folds.map((f) => [f.id, f.rest_fold]));
    rows.forEach((r, i) => {
      const joined = [r.description, null, null, null, null, r.token_uri, null, null, null, null].map((v) => v ?? '').join('\n');
      expect(byId.get(ids[i]!)).toBe(joined.toLowerCase());
    });
    const { rows: indexes } = await c.query<{ def: string }>(`select pg_get_indexdef(indexrelid) as def from pg_index where indexrelid::regclass::text like 'nfts_search_b_rest_%' order by 1`);
    expect(indexes.map((i) => i.def)).toEqual([
      expect.stringMatching(/USING gin \(cl2c_grams\(rest_fold\)\) WITH \(gin_pending_list_limit='?64'?\)$/),
      expect.stringMatching(/USING gin \(rest_fold gin_trgm_ops\) WITH \(gin_pending_list_limit='?64'?\)$/),
    ]);

    const found = await keyword(organizationId, 'lantern');
    expect(found.total).toBe(2);
    expect(new Set(found.ids)).toEqual(new Set(ids.slice(0, 2)));
    expect((await keyword(organizationId, 'σίσυφος')).ids).toEqual([ids[0]]);
    expect(await checkPostgres(c)).toEqual({ ok: true, engine: 'postgres', problems: [] });
  });

  it('is written by the server whatever writes the row, and cannot be written by anyone', async () => {
    const c = pg.db().$client;
    const { organizationId, contractId } = await organizationWithContract(c);
    const id = crypto.randomUUID();
    await c.query(`insert into nfts (id, organization_id, smart_contract_id, name, licence, created_at, updated_at) values ($1, $2, $3, 'x', 'CC-BY', now(), now())`, [id, organizationId, contractId]);
    await c.query(`update nfts set signature = 'Sig' where id = $1`, [id]);
    const { rows } = await c.query<{ rest_fold: string }>('select rest_fold from nfts where id = $1', [id]);
    expect(rows[0]!.rest_fold).toBe('\n\n\n\n\n\n\n\ncc-by\nsig');
    await expect(c.query(`update nfts set rest_fold = 'tampered' where id = $1`, [id])).rejects.toThrow(/rest_fold/);
    expect((await keyword(organizationId, 'cc-by')).ids).toEqual([id]);
  });
});
