import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';
import { checkPostgres } from '../maintenance';
import { connectPostgres } from '../connection';
import { nftPage } from './nfts';

/*
 * Which shard of list_counts a write adds to (migration 0026, lib/storage/postgres/connection.ts).
 * Every NFT insert upserts the same common count keys; two writers adding to one shard hold each
 * other up until the first commits. The app's pooled connections take shards of their own.
 */
const pg_ = withPostgres();

type Client = pg.ClientBase;

async function setUp(): Promise<{ org: string }> {
  const org = crypto.randomUUID();
  await pg_.db().$client.query(`insert into organizations (id, name, tenant, created_at, updated_at) values ($1, 'o', $1, now(), now())`, [org]);
  return { org };
}

/** An NFT of a contract of its own (a contract's totals row is locked by its NFTs' writes, by design). */
async function insertNft(c: Client, { org }: { org: string }) {
  const contract = crypto.randomUUID();
  await pg_.db().$client.query(`insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values ($1, $2, 'c', 'C', now(), now())`, [contract, org]);
  await c.query(`insert into nfts (id, organization_id, smart_contract_id, name, status, created_at, updated_at) values ($1, $2, $3, 'bench amber', 'CREATED', now(), now())`, [
    crypto.randomUUID(),
    org,
    contract,
  ]);
}

const request = { sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 5 } as const;

describe('PostgreSQL count shards', () => {
  it("a pool's connections add to shards of their own: one's uncommitted NFT insert holds up no other's", async () => {
    const where = await setUp();
    const pool = await connectPostgres(pg_.url(), 'test', { max: 4 });
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect(), pool.connect()]);
    try {
      const shards = await Promise.all(clients.map(async (c) => (await c.query<{ s: number }>('select cl2c_shard() as s')).rows[0]!.s));
      expect(new Set(shards).size).toBe(4);
      const [first, ...others] = clients;
      await first.query('begin');
      await insertNft(first, where);
      for (const c of others) {
        await c.query(`set statement_timeout = '5s'`);
        await insertNft(c, where);
      }
      await first.query('commit');
    } finally {
      for (const c of clients) c.release();
      await pool.end();
    }
    expect((await nftPage(pg_.db(), where.org, request)).total).toBe(4);
    expect((await checkPostgres(pg_.db().$client)).problems).toEqual([]);
  });

  it('two writers of one shard wait for each other; any other client adds to the shard of its backend id', async () => {
    const where = await setUp();
    const a = new pg.Client({ connectionString: pg_.url() });
    const b = new pg.Client({ connectionString: pg_.url() });
    await a.connect();
    await b.connect();
    try {
      const { rows } = await b.query<{ s: number; pid: number }>('select cl2c_shard() as s, pg_backend_pid() as pid');
      expect(rows[0]!.s).toBe(rows[0]!.pid % 16);
      await a.query(`set cl2c.shard = 5`);
      await b.query(`set cl2c.shard = 5`);
      await a.query('begin');
      await insertNft(a, where);
      await b.query(`set statement_timeout = '500ms'`);
      await expect(insertNft(b, where)).rejects.toThrow(/statement timeout/);
      await a.query('commit');
      await insertNft(b, where);
    } finally {
      await a.end();
      await b.end();
    }
    expect((await nftPage(pg_.db(), where.org, request)).total).toBe(2);
    expect((await checkPostgres(pg_.db().$client)).problems).toEqual([]);
  });
});
