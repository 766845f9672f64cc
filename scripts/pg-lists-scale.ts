/*
 * The PostgreSQL list modules (lib/storage/postgres/lists/) at scale, in process — not `npm run
 * bench` (that needs the app to run on PostgreSQL): one organization with 1,000 contracts, 1M NFTs
 * (named like `harbor violet #123456`) and 100k members (`person<n>@…`, plus 5,000 pending
 * invitations), loaded with generate_series; then each list shape is called repeatedly and its
 * p50/p99 printed as a Markdown table (docs/performance.md, "PostgreSQL list modules").
 *
 *   npx tsx scripts/pg-lists-scale.ts                 # an embedded PostgreSQL in a temp folder
 *   DATABASE_URL=postgres://… npx tsx scripts/pg-lists-scale.ts   # an empty database of yours
 *
 * Options (environment): SCALE_NFTS (1000000), SCALE_MEMBERS (100000), SCALE_RUNS (15),
 * SCALE_PORT (55460, embedded server only), SCALE_REUSE (with DATABASE_URL: measure the data an earlier
 * run loaded instead of loading again), SCALE_ONLY (a regular expression: only the shapes whose
 * "list shape" matches).
 */
import { openPostgres, type PgDb } from '@/lib/storage/postgres/connection';
import { startEmbeddedPostgres, type EmbeddedServer } from '@/test/postgres/embedded';
import { reindexPostgres } from '@/lib/storage/postgres/maintenance';
import { contractPage } from '@/lib/storage/postgres/lists/contracts';
import { memberPage } from '@/lib/storage/postgres/lists/members';
import { nftPage } from '@/lib/storage/postgres/lists/nfts';
import type { ContractPageRequest, MemberPageRequest, NftPageRequest } from '@/lib/storage/list-requests';
import type { IdsPage } from '@/lib/storage/lists';

const NFTS = Number(process.env.SCALE_NFTS ?? 1_000_000);
const MEMBERS = Number(process.env.SCALE_MEMBERS ?? 100_000);
const RUNS = Number(process.env.SCALE_RUNS ?? 15);
const CONTRACTS = 1000;
const INVITATIONS = 5000;
const LIMIT = 20;

function embedded(): Promise<EmbeddedServer> {
  return startEmbeddedPostgres({
    port: Number(process.env.SCALE_PORT ?? 55460),
    folderPrefix: 'cl2c-pg-scale-',
    settings: ['shared_buffers=512MB', 'maintenance_work_mem=512MB', 'max_wal_size=4GB'],
  });
}

const words = ['harbor', 'violet', 'beacon', 'azure', 'meadow', 'copper', 'summit', 'willow', 'ember', 'falcon', 'granite', 'lumen'];

/** Drops nfts' secondary indexes (kept: the primary key), runs `load`, recreates them: the bulk-load fast path. */
async function withoutIndexes(db: PgDb, table: string, load: () => Promise<void>) {
  const c = db.$client;
  const { rows } = await c.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = $1 and indexname not in (select conname from pg_constraint)`,
    [table],
  );
  for (const r of rows) await c.query(`drop index "${r.indexname}"`);
  await load();
  for (const r of rows) await c.query(r.indexdef);
}

async function seed(db: PgDb): Promise<string> {
  const c = db.$client;
  const org = crypto.randomUUID();
  await c.query(`insert into organizations (id, name, tenant, created_at, updated_at) values ($1, 'scale', $1, now(), now())`, [org]);
  const w = `(array['${words.join("','")}'])`;
  await c.query(
    `insert into smart_contracts (id, organization_id, name, symbol, description, status, deployed_at, created_at, updated_at)
     select gen_random_uuid()::text, $1, ${w}[1 + i % 12] || ' collection ' || i, 'S' || i, 'contract ' || i,
       (array['CREATED','DEPLOYED','FAILED'])[1 + i % 3], case when i % 3 = 1 then timestamptz '2026-01-01' + i * interval '1 minute' end,
       timestamptz '2025-01-01' + i * interval '1 hour', timestamptz '2025-06-01' + (i::bigint * 7919 % ${CONTRACTS}) * interval '1 hour'
     from generate_series(1, ${CONTRACTS}) i`,
    [org],
  );
  let t = performance.now();
  // The bulk-load fast path (docs/architecture.md): secondary indexes dropped and triggers off
  // during the load, then the derived data rebuilt set-based by `db reindex`'s code, then indexes.
  await withoutIndexes(db, 'nfts', async () => {
    await c.query('alter table nfts disable trigger user');
    const chunk = 100_000;
    for (let from = 1; from <= NFTS; from += chunk) {
      await c.query(
        `insert into nfts (id, organization_id, smart_contract_id, name, description, status, copyright_status, minted_at, supply, created_at, updated_at)
         select gen_random_uuid()::text, $1, (select id from smart_contracts where organization_id = $1 and symbol = 'S' || (1 + i % ${CONTRACTS})),
           ${w}[1 + (i * 7) % 12] || ' ' || ${w}[1 + (i * 13 / 12) % 12] || ' #' || i,
           case when i % 4 = 0 then null else 'an nft numbered ' || i end,
           (array['CREATED','PENDING','MINTED','FAILED'])[1 + (i * 31) % 4], (array['NONE','AWAITING','REJECTED','COPYRIGHTED'])[1 + (i / 4) % 4],
           case when (i * 31) % 4 = 2 then timestamptz '2026-01-01' + i * interval '1 second' end,
           1 + i % 5, timestamptz '2025-01-01' + (i / 3) * interval '1 second', timestamptz '2025-06-01' + ((i::bigint * 7919) % ${NFTS}) * interval '1 second'
         from generate_series($2::int, $3::int) i`,
        [org, from, Math.min(NFTS, from + chunk - 1)],
      );
      process.stderr.write(`  nfts ${Math.min(NFTS, from + chunk - 1)} (${((performance.now() - t) / 1000).toFixed(0)} s)\n`);
    }
    await c.query('alter table nfts enable trigger user');
    await loadMembers(db, org);
    await reindexPostgres(c);
    process.stderr.write(`  db reindex (${((performance.now() - t) / 1000).toFixed(0)} s)\n`);
  });
  process.stderr.write(`loaded and indexed in ${((performance.now() - t) / 1000).toFixed(0)} s\n`);
  t = performance.now();
  await c.query('vacuum analyze');
  process.stderr.write(`vacuum analyze ${((performance.now() - t) / 1000).toFixed(0)} s\n`);
  return org;
}

/** 100k people, a third with a primary wallet, their memberships and 5,000 invitations, triggers off (db reindex follows). */
async function loadMembers(db: PgDb, org: string) {
  const c = db.$client;
  const w = `(array['${words.join("','")}'])`;
  const tables = ['users', 'wallets', 'user_organizations', 'invitations'];
  for (const table of tables) await c.query(`alter table ${table} disable trigger user`);
  await c.query(
    `insert into users (id, email, name, user_name, first_name, last_name, created_at, updated_at)
     select 'u' || i, 'person' || i || '@example.org', 'Person ' || i, 'person' || i, ${w}[1 + i % 12], 'family' || (i % 977), now(), now()
     from generate_series(1, ${MEMBERS}) i`,
  );
  await c.query(
    `insert into wallets (id, user_id, address, is_primary, created_at, updated_at)
     select gen_random_uuid()::text, 'u' || i, '0x' || md5(i::text), true, now(), now() from generate_series(1, ${MEMBERS}) i where i % 3 = 0`,
  );
  await c.query(
    `insert into user_organizations (id, organization_id, user_id, status, created_at, updated_at)
     select gen_random_uuid()::text, $1, 'u' || i, case when i % 10 = 0 then 'SUSPENDED' else 'ACTIVE' end,
       timestamptz '2025-01-01' + i * interval '1 minute', timestamptz '2025-06-01' + ((i::bigint * 7919) % ${MEMBERS}) * interval '1 minute'
     from generate_series(1, ${MEMBERS}) i`,
    [org],
  );
  await c.query(
    `insert into invitations (id, organization_id, email, status, token_hash, expires_at, created_at, updated_at)
     select gen_random_uuid()::text, $1, 'invitee' || i || '@example.org', case when i % 5 = 0 then 'REVOKED' else 'PENDING' end, md5('t' || i),
       now() + interval '7 days', timestamptz '2025-03-01' + i * interval '1 minute', now()
     from generate_series(1, ${INVITATIONS}) i`,
    [org],
  );
  for (const table of tables) await c.query(`alter table ${table} enable trigger user`);
}

type Shape = { list: string; shape: string; call: () => Promise<IdsPage> };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const server = process.env.DATABASE_URL ? null : await embedded();
  const db = await openPostgres(process.env.DATABASE_URL ?? server!.url, process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded', { max: 2 });
  try {
    // SCALE_REUSE=1 with DATABASE_URL: measure the organization an earlier run loaded.
    const loaded = process.env.SCALE_REUSE ? (await db.$client.query<{ id: string }>(`select id from organizations where name = 'scale' limit 1`)).rows[0]?.id : undefined;
    const org = loaded ?? (await seed(db));
    const contractId = (await db.$client.query<{ id: string }>(`select id from smart_contracts where organization_id = $1 and symbol = 'S500'`, [org])).rows[0]!.id;
    const shapes: Shape[] = [];
    const pages = (total: number) => [
      ['page 1', 1],
      ['middle page', Math.max(1, Math.ceil(total / LIMIT / 2))],
      ['last page', Math.max(1, Math.ceil(total / LIMIT))],
    ] as const;
    const nft = (shape: string, q: Partial<NftPageRequest>) =>
      shapes.push({ list: 'A5 NFTs', shape, call: () => nftPage(db, org, { sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: LIMIT, ...q }) });
    const member = (shape: string, q: Partial<MemberPageRequest>) =>
      shapes.push({ list: 'A9 members', shape, call: () => memberPage(db, org, { sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: LIMIT, ...q }) });
    const contract = (shape: string, q: Partial<ContractPageRequest>) =>
      shapes.push({ list: 'A1 contracts', shape, call: () => contractPage(db, org, { sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: LIMIT, ...q }) });

    for (const sortBy of ['createdAt', 'updatedAt', 'name', 'status', 'mintedAt', 'supply'] as const) {
      for (const [label, page] of pages(NFTS)) nft(`sort ${sortBy}, ${label}`, { sortBy, page });
    }
    nft('sort name asc, page 1', { sortBy: 'name', sortOrder: 'asc' });
    for (const [label, page] of pages(NFTS / 4)) nft(`status=MINTED, ${label}`, { status: 'MINTED', page });
    nft('copyrightStatus=AWAITING, page 1', { copyrightStatus: 'AWAITING' });
    nft('status=MINTED + copyrightStatus=NONE, page 1', { status: 'MINTED', copyrightStatus: 'NONE' });
    nft('contractId, page 1', { contractId });
    nft('contractId + status, page 1', { contractId, status: 'PENDING' });
    nft('search rare (`#123456`), page 1', { search: '#123456' });
    nft('search common (`violet`), page 1', { search: 'violet' });
    nft('search common (`violet`), sort name, page 1', { search: 'violet', sortBy: 'name' });
    nft('search common (`violet`), page 50', { search: 'violet', page: 50 });
    nft('search 2 chars (`vi`), page 1', { search: 'vi' });
    nft('search 1 char (`7`), page 1', { search: '7' });
    nft('search common + status=MINTED, page 1', { search: 'violet', status: 'MINTED' });

    const memberTotal = MEMBERS + INVITATIONS * 0.8;
    for (const sortBy of ['createdAt', 'updatedAt', 'email', 'status'] as const) {
      for (const [label, page] of pages(memberTotal)) member(`sort ${sortBy}, ${label}`, { sortBy, page });
    }
    member('status=SUSPENDED, page 1', { status: 'SUSPENDED' });
    member('status=PENDING, page 1', { status: 'PENDING' });
    member('hasWallet=true, middle page', { hasWallet: true, page: Math.ceil(MEMBERS / 3 / LIMIT / 2) });
    member('search rare (`person12345@`), page 1', { search: 'person12345@' });
    member('search prefix (`person1`), page 1', { search: 'person1' });
    member('search prefix (`person1`), sort email, page 1', { search: 'person1', sortBy: 'email' });
    member('search common (`violet`), page 1', { search: 'violet' });
    member('search 2 chars (`n1`), page 1', { search: 'n1' });
    member('search 1 char (`7`), page 1', { search: '7' });

    for (const sortBy of ['createdAt', 'name', 'symbol', 'deployedAt'] as const) contract(`sort ${sortBy}, page 1`, { sortBy });
    contract('last page', { page: CONTRACTS / LIMIT });
    contract('status=DEPLOYED, page 1', { status: 'DEPLOYED' });
    contract('search common (`collection`), page 1', { search: 'collection' });
    contract('search 2 chars (`s5`), page 1', { search: 's5' });

    const results: string[] = ['| List | Shape | Total | first call ms | p50 ms | p99 ms |', '|---|---|---:|---:|---:|---:|'];
    // SCALE_ONLY=<regular expression>: only the shapes whose "list shape" matches.
    const only = process.env.SCALE_ONLY ? new RegExp(process.env.SCALE_ONLY) : null;
    for (const s of shapes.filter((x) => !only || only.test(`${x.list} ${x.shape}`))) {
      // The first call is timed apart: it builds what later calls reuse (a deep page's anchors).
      const started = performance.now();
      const first = await s.call();
      const firstMs = performance.now() - started;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await s.call();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const line = `| ${s.list} | ${s.shape} | ${first.total.toLocaleString('en')} | ${firstMs.toFixed(1)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`;
      results.push(line);
      process.stderr.write(`${line}\n`);
    }
    console.log(results.join('\n'));
  } finally {
    await db.$client.end();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
