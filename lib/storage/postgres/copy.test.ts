import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { getTableName, is, Table } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import * as pgSchema from '@/db/schema-pg';
import { env } from '@/lib/env';
import { registerUserInOrganization } from '@/lib/users/registration';
import { familyAClient } from '@/test/api-client';
import { createTestOrg } from '@/test/helpers';
import { withPostgres } from '@/test/postgres/database';
import { copyOrder, copySqliteToPostgres, CopyError, type CopyReport } from './copy';
import { checkPostgres, reindexPostgres } from './maintenance';

/*
 * `db copy` round trip: a SQLite database seeded through the real services (organizations with
 * their admins and keys, contracts, NFTs with copyright shares, members, invitations, a token
 * send) is copied to a fresh PostgreSQL database; every copied table then holds the same rows —
 * read back through each engine's Drizzle schema, so as the application sees them (Dates, booleans,
 * parsed JSON) — and `db check` on PostgreSQL finds nothing, then finds tampering, which `db
 * reindex` repairs.
 */
const pg = withPostgres();
const uniq = () => crypto.randomUUID().slice(0, 8);
let report: CopyReport;
let indexesBefore: string[];

/** Every index of the schema as PostgreSQL would create it again. */
async function indexDefinitions(): Promise<string[]> {
  const { rows } = await pg.db().$client.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`);
  return rows.map((r) => r.def);
}

async function seed() {
  for (const label of ['Straße Éditions', 'ΟΔΟΣ İstanbul']) {
    const org = await createTestOrg(`${label} ${uniq()}`);
    const client = familyAClient(org.apiKey);
    const holders = ['ana', 'ben'].map((who) =>
      getDb().transaction((tx) =>
        registerUserInOrganization(tx, org.organization.id, { email: `${who}-${uniq()}@example.test`, firstName: who, lastName: 'Copy', userName: `${who}_${uniq()}` }),
      ),
    );
    const contract = await client.POST('/cl2c/contract', { body: { name: `${label} Genesis`, symbol: 'GEN', env: 'TESTNET', metadata: { curator: 'Ana', z: 1, a: [1, 2] } } });
    expect(contract.response.status).toBe(201);
    const shared = await client.POST('/cl2c/nft', {
      body: {
        name: `${label} Sunrise`,
        smartContractId: contract.data!.id,
        supply: 3,
        description: 'KELVIN \u212a and ΣΑΣ',
        copyright: [
          { userId: holders[0]!.user.id, percentage: 60 },
          { userId: holders[1]!.user.id, percentage: 40 },
        ],
      },
    });
    expect(shared.response.status, JSON.stringify(shared.error)).toBe(201);
    const plain = await client.POST('/cl2c/nft', { body: { name: `${label} Plain`, smartContractId: contract.data!.id, supply: 7 } });
    expect(plain.response.status, JSON.stringify(plain.error)).toBe(201);
    const bulk = await client.POST('/cl2c/user/bulk', { body: { users: [{ email: `invitee-${uniq()}@example.test` }, { email: `other-${uniq()}@example.test`, phone: '+15551234567' }] } });
    expect(bulk.response.status).toBe(200);
    const send = await client.POST('/cl2c/token', {
      headers: { 'Idempotency-Key': `copy-${uniq()}` },
      body: { memberId: holders[0]!.membershipId, amount: 1.5, tokenType: 'mainnet' },
    });
    expect(send.response.status, JSON.stringify(send.error)).toBe(200);
  }
}

const tablesOf = (schema: Record<string, unknown>) => {
  const values: unknown[] = Object.values(schema);
  return new Map(values.filter((v): v is Table => is(v, Table)).map((t) => [getTableName(t), t]));
};

/** Rows as the application reads them, in a stable order (by primary key). */
const ordered = (rows: Record<string, unknown>[]) => {
  const key = (r: Record<string, unknown>) => JSON.stringify([r.id, r.organizationId, r.name]);
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
};

beforeAll(async () => {
  await seed();
  indexesBefore = await indexDefinitions();
  report = await copySqliteToPostgres(env().DATABASE_PATH, pg.url());
}, 120_000);

describe('db copy from SQLite to PostgreSQL', () => {
  it('reports every copied table with equal counts on both sides', () => {
    const names = copyOrder().map((t) => t.name);
    expect(Object.keys(report.tables).sort()).toEqual([...names].sort());
    for (const [name, counts] of Object.entries(report.tables)) expect(counts.postgres, name).toBe(counts.sqlite);
    expect(report.tables.nfts!.sqlite).toBeGreaterThanOrEqual(4);
    expect(report.tables.copyright_shares!.sqlite).toBeGreaterThanOrEqual(4);
    expect(report.tables.invitations!.sqlite).toBeGreaterThanOrEqual(4);
    expect(report.tables.token_transfers!.sqlite).toBeGreaterThanOrEqual(2);
    expect(Object.keys(report.skipped)).toEqual(['search_counters']);
  });

  it('loads without the secondary indexes and builds every one of them again, as the migrations made it', async () => {
    expect(indexesBefore.length).toBeGreaterThan(50);
    expect(indexesBefore.some((d) => d.includes('gin'))).toBe(true);
    expect(await indexDefinitions()).toEqual(indexesBefore);
  });

  it('copies parents before children', () => {
    const position = new Map(copyOrder().map((t, i) => [t.name, i]));
    expect(position.get('organizations')!).toBeLessThan(position.get('smart_contracts')!);
    expect(position.get('smart_contracts')!).toBeLessThan(position.get('nfts')!);
    expect(position.get('nfts')!).toBeLessThan(position.get('copyright_shares')!);
    expect(position.get('copyright_shares')!).toBeLessThan(position.get('copyright_requests')!);
  });

  it('every table holds the same rows on both engines (derived columns included)', async () => {
    const sqliteTables = tablesOf(sqliteSchema);
    const pgTables = tablesOf(pgSchema);
    for (const { name } of copyOrder()) {
      const fromSqlite = getDb().select().from(sqliteTables.get(name) as never).all() as Record<string, unknown>[];
      const fromPg = (await pg.db().select().from(pgTables.get(name) as never)) as Record<string, unknown>[];
      // The server's own derived column (checked against JavaScript by db check, below).
      for (const row of fromPg) delete row.restFold;
      expect(ordered(fromPg), name).toEqual(ordered(fromSqlite));
    }
  });

  it('JSON is kept byte for byte', async () => {
    const { rows } = await pg.db().$client.query<{ m: string }>(`select metadata::text as m from smart_contracts where metadata is not null order by id`);
    const sqlite = getDb().$client.prepare(`select metadata as m from smart_contracts where metadata is not null order by id`).all() as { m: string }[];
    expect(rows.map((r) => r.m)).toEqual(sqlite.map((r) => r.m));
  });

  it('refuses a target that already holds rows, and changes nothing there', async () => {
    const before = await pg.db().$client.query<{ n: string }>('select count(*) as n from nfts');
    const error = await copySqliteToPostgres(env().DATABASE_PATH, pg.url()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CopyError);
    expect((error as Error).message).toMatch(/^--to: .* already holds rows \(\w+: \d+\); copy into an empty database$/);
    const after = await pg.db().$client.query<{ n: string }>('select count(*) as n from nfts');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe('db check and db reindex on PostgreSQL', () => {
  it('a copied database checks clean; rows written by plain SQL keep it clean', async () => {
    expect(await checkPostgres(pg.db().$client)).toEqual({ ok: true, engine: 'postgres', problems: [] });
    // As psql or COPY would write them: no application, no derived values.
    const { rows } = await pg.db().$client.query<{ id: string; organization_id: string }>('select id, organization_id from smart_contracts limit 1');
    const contract = rows[0]!;
    await pg.db().$client.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, supply, copyrighted, created_at, updated_at) values ($1, $2, $3, 'PSQL ΏΡΑΣ', 5, true, now(), now())`,
      [crypto.randomUUID(), contract.organization_id, contract.id],
    );
    await pg.db().$client.query(`update smart_contracts set name = 'Renamed İ' where id = $1`, [contract.id]);
    expect(await checkPostgres(pg.db().$client)).toEqual({ ok: true, engine: 'postgres', problems: [] });
  });

  it('reports an NFT whose status another tool wrote outside the enum', async () => {
    const client = pg.db().$client;
    const { rows } = await client.query<{ id: string; status: string }>('select id, status from nfts order by id limit 1');
    const nft = rows[0]!;
    await client.query(`update nfts set status = 'minted' where id = $1`, [nft.id]);
    expect((await checkPostgres(client)).problems).toContain(`nfts ${nft.id}: status "minted" is not one of CREATED, PENDING, MINTED, FAILED`);
    await client.query('update nfts set status = $2 where id = $1', [nft.id, nft.status]);
    expect(await checkPostgres(client)).toEqual({ ok: true, engine: 'postgres', problems: [] });
  });

  it('finds tampered derived data and folds; db reindex repairs them', async () => {
    const client = pg.db().$client;
    const { rows } = await client.query<{ id: string; smart_contract_id: string }>('select id, smart_contract_id from nfts order by id limit 1');
    const nft = rows[0]!;
    await client.query('update smart_contracts set total_nfts = total_nfts + 5 where id = $1', [nft.smart_contract_id]);
    await client.query('update user_organizations set total_nfts = 42 where id = (select id from user_organizations order by id limit 1)');
    // Past the triggers (as a restore with triggers off would): a stale fold.
    await client.query('alter table nfts disable trigger user');
    await client.query(`update nfts set name_fold = 'stale', copyrighted = not copyrighted where id = $1`, [nft.id]);
    await client.query('alter table nfts enable trigger user');
    // A generated rest_fold written before its function changed (as after a server whose fold
    // differs): the server computes it on each write, so the function is what is stale here.
    const { rows: fn } = await client.query<{ def: string }>(`select pg_get_functiondef('cl2c_b1_rest'::regproc) as def`);
    const signature = `cl2c_b1_rest(description text, external_url text, image_path text, mint_transaction_hash text, mint_logs text, token_uri text, token_owner text, copyright_metadata text, licence text, signature text)`;
    await client.query(`create or replace function ${signature} returns text language sql immutable parallel safe return 'stale'`);
    await client.query(`update nfts set description = description where id = $1`, [nft.id]);
    await client.query(fn[0]!.def);
    // More stale count keys than one kind of problem lists: they hide none of the others.
    await client.query(
      `insert into list_counts (organization_id, list, k1, k2, shard, n)
       select organization_id, 'nft_words_b1', 'flood' || i, 'CREATED false', 0, 1 from nfts, generate_series(1, 60) i where id = $1`,
      [nft.id],
    );

    const found = await checkPostgres(client);
    expect(found.ok).toBe(false);
    const joined = found.problems.join('\n');
    expect(joined).toContain(`smart_contracts.total_nfts/total_supply of smart_contracts ${nft.smart_contract_id}`);
    expect(joined).toContain('user_organizations.total_nfts of user_organizations');
    expect(joined).toContain(`nfts.copyrighted of nfts ${nft.id}`);
    expect(joined).toContain(`nfts.name_fold of ${nft.id}: stored "stale"`);
    expect(joined).toContain(`nfts.rest_fold of ${nft.id}: stored "stale"`);
    expect(found.problems.filter((p) => p.startsWith('list_counts '))).toHaveLength(50);

    await reindexPostgres(client);
    expect(await checkPostgres(client)).toEqual({ ok: true, engine: 'postgres', problems: [] });
  });

  it('through the CLI: DATABASE_URL=… db check prints the JSON and exits 0; key commands answer from PostgreSQL; a command with no PostgreSQL path refuses', async () => {
    const cli = (args: string[]) =>
      spawnSync(path.join('node_modules', '.bin', 'tsx'), ['scripts/cli.ts', ...args], {
        env: { ...process.env, DATABASE_URL: pg.url() },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const check = cli(['db', 'check']);
    expect(check.status, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toEqual({ ok: true, engine: 'postgres', problems: [] });
    const [copied] = await pg.db().select({ tenant: pgSchema.organizations.tenant }).from(pgSchema.organizations).limit(1);
    const listed = cli(['key', 'list', '--org', copied!.tenant, '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBeGreaterThan(0);
    // chain reconcile runs on PostgreSQL too (scripts/chain-reconcile.test.ts); anything else refuses.
    const other = cli(['db', 'vacuum']);
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('DATABASE_URL is set: on PostgreSQL the CLI runs org, key, chain reconcile, db copy, db check, db reindex, db backup and db restore so far');
  }, 120_000);
});
