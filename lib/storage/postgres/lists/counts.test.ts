import { describe, expect, it } from 'vitest';
import { copyIn, withPostgres } from '@/test/postgres/database';
import { checkPostgres, reindexPostgres } from '../maintenance';
import { memberPage } from './members';
import { nftPage } from './nfts';
import { pgListTuning } from './paging';

/*
 * The list structures of db/migrations-pg/0006_lists.sql (list_counts, member_list) under writes
 * that bypass the application — a multi-row INSERT … SELECT, COPY, a bulk UPDATE and DELETE — and
 * `db check` / `db reindex` over them: a tampered count or member_list row is reported, then
 * repaired, and the totals the lists serve are exact again.
 */
const pg = withPostgres();

async function org(): Promise<string> {
  const id = crypto.randomUUID();
  await pg.db().$client.query(`insert into organizations (id, name, tenant, created_at, updated_at) values ($1, 'o', $2, now(), now())`, [id, id]);
  return id;
}

const request = { sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 5 } as const;

describe('PostgreSQL list counts', () => {
  it('stay exact through bulk plain-SQL writes and COPY', async () => {
    const c = pg.db().$client;
    const o = await org();
    const contract = crypto.randomUUID();
    await c.query(`insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values ($1, $2, 'c', 'C', now(), now())`, [contract, o]);
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, status, created_at, updated_at)
       select gen_random_uuid()::text, $1, $2, 'n' || i, case when i % 3 = 0 then 'MINTED' else 'CREATED' end, now(), now() from generate_series(1, 300) i`,
      [o, contract],
    );
    // COPY, as a bulk load would.
    await copyIn(c, 'nfts (id, organization_id, smart_contract_id, name, status, created_at, updated_at)', Array.from({ length: 50 }, (_, i) => `${crypto.randomUUID()}\t${o}\t${contract}\tcopied ${i}\tFAILED\t2026-01-01\t2026-01-01`));
    expect((await nftPage(pg.db(), o, request)).total).toBe(350);
    expect((await nftPage(pg.db(), o, { ...request, status: 'MINTED' })).total).toBe(100);
    expect((await nftPage(pg.db(), o, { ...request, status: 'FAILED' })).total).toBe(50);
    await c.query(`update nfts set status = 'MINTED', copyright_status = 'AWAITING' where organization_id = $1 and status = 'FAILED'`, [o]);
    await c.query(`delete from nfts where organization_id = $1 and name like 'n1%'`, [o]);
    const { rows } = await c.query<{ status: string; copyright_status: string; n: string }>(
      `select status, copyright_status, count(*) as n from nfts where organization_id = $1 group by 1, 2`,
      [o],
    );
    for (const r of rows) {
      const q = { ...request, status: r.status as 'MINTED', copyrightStatus: r.copyright_status as 'NONE' };
      expect((await nftPage(pg.db(), o, q)).total).toBe(Number(r.n));
    }
    expect((await nftPage(pg.db(), o, request)).total).toBe(rows.reduce((sum, r) => sum + Number(r.n), 0));
    expect((await checkPostgres(c)).problems).toEqual([]);
  });

  it('db check reports a tampered count and member_list row; db reindex repairs them', async () => {
    const c = pg.db().$client;
    const o = await org();
    for (let i = 0; i < 4; i++) {
      const user = crypto.randomUUID();
      await c.query(`insert into users (id, email, created_at, updated_at) values ($1, $2, now(), now())`, [user, `p${i}-${user}@x`]);
      await c.query(`insert into user_organizations (id, organization_id, user_id, created_at, updated_at) values ($1, $2, $3, now(), now())`, [crypto.randomUUID(), o, user]);
    }
    expect((await memberPage(pg.db(), o, request)).total).toBe(4);
    expect((await checkPostgres(c)).problems).toEqual([]);

    await c.query(`update list_counts set n = n + 7 where organization_id = $1 and list = 'members' and k1 = 'ACTIVE'`, [o]);
    const [first] = (await c.query<{ id: string }>(`select id from member_list where organization_id = $1 limit 1`, [o])).rows;
    const [second] = (await c.query<{ id: string }>(`select id from member_list where organization_id = $1 and id <> $2 limit 1`, [o, first!.id])).rows;
    await c.query(`alter table member_list disable trigger user`);
    await c.query(`delete from member_list where id = $1`, [first!.id]);
    await c.query(`alter table member_list enable trigger user`);
    // A person renamed with member_list's triggers off: its searched text is stale.
    await c.query(`alter table users disable trigger user`);
    await c.query(`update users set name = 'renamed' where id = (select user_id from member_list where id = $1)`, [second!.id]);
    await c.query(`alter table users enable trigger user`);
    expect((await memberPage(pg.db(), o, request)).total).not.toBe(4);
    expect((await memberPage(pg.db(), o, { ...request, search: 'renamed' })).total).toBe(0);

    const problems = (await checkPostgres(c)).problems;
    expect(problems).toContainEqual(`member_list row ${first!.id}: missing`);
    expect(problems).toContainEqual(`member_list row ${second!.id}: stale`);
    expect(problems.some((p) => p.startsWith(`list_counts members[ACTIVE,false] of organization ${o}`))).toBe(true);

    const generation = async () => (await c.query<{ n: string }>(`select sum(n) as n from list_generations where organization_id = $1 and list = 'nfts'`, [o])).rows[0]!.n;
    const before = await generation();
    await reindexPostgres(c);
    expect((await checkPostgres(c)).problems).toEqual([]);
    // A load with the triggers off moved no generation: db reindex moves every one.
    expect(Number(await generation())).toBe(Number(before ?? 0) + 1);
    expect(await memberPage(pg.db(), o, { ...request, limit: 10 })).toMatchObject({ total: 4 });
    expect((await memberPage(pg.db(), o, { ...request, limit: 10 })).ids).toContain(first!.id);
    expect((await memberPage(pg.db(), o, { ...request, search: 'renamed' })).ids).toEqual([second!.id]);
  });

  it('cached search totals and anchors follow a plain-SQL rename of a person, a NFT and an updated_at', async () => {
    const c = pg.db().$client;
    const o = await org();
    const user = crypto.randomUUID();
    await c.query(`insert into users (id, email, name, created_at, updated_at) values ($1, $2, 'zeta', now(), now())`, [user, `${user}@x`]);
    await c.query(`insert into user_organizations (id, organization_id, user_id, created_at, updated_at) values ($1, $2, $3, now(), now())`, [crypto.randomUUID(), o, user]);
    expect((await memberPage(pg.db(), o, { ...request, search: 'zet' })).total).toBe(1);
    await c.query(`update users set name = 'omega' where id = $1`, [user]);
    expect((await memberPage(pg.db(), o, { ...request, search: 'zet' })).total).toBe(0);

    const contract = crypto.randomUUID();
    await c.query(`insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values ($1, $2, 'c', 'C', now(), now())`, [contract, o]);
    await c.query(
      `insert into nfts (id, organization_id, smart_contract_id, name, created_at, updated_at)
       select gen_random_uuid()::text, $1, $2, 'n' || i, now(), timestamptz '2026-01-01' + i * interval '1 second' from generate_series(1, 40) i`,
      [o, contract],
    );
    pgListTuning.anchorInterval = 4;
    try {
      const deep = { sortBy: 'updatedAt', sortOrder: 'asc', page: 3, limit: 5 } as const;
      const expected = async () =>
        (await c.query<{ id: string }>(`select id from nfts where organization_id = $1 order by updated_at, id limit 5 offset 10`, [o])).rows.map((r) => r.id);
      expect((await nftPage(pg.db(), o, deep)).ids).toEqual(await expected());
      expect((await nftPage(pg.db(), o, { ...deep, search: 'n1' })).total).toBe(11);
      // Rows move in the order and out of the search without any count changing.
      await c.query(`update nfts set updated_at = timestamptz '2025-01-01', name = 'moved' where organization_id = $1 and name in ('n1', 'n2', 'n3')`, [o]);
      expect((await nftPage(pg.db(), o, deep)).ids).toEqual(await expected());
      expect((await nftPage(pg.db(), o, { ...deep, search: 'n1' })).total).toBe(10);
    } finally {
      pgListTuning.anchorInterval = 1000;
    }
  });
});
