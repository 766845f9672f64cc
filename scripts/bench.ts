/**
 * HTTP benchmark: `npm run bench -- [--rows 1000000] [--members 100000] [--seconds 5]
 *   [--connections 10] [--port N] [--skip-build] [--reuse] [--seed-only] [--strict] [--out file.json]
 *   [--only <regexp>] [--profile <dir>] [--engine sqlite|postgres]` (--only: just the cases whose name matches, plus the floor; `mixed`
 *   selects the mixed case; --profile: the server writes a V8 CPU profile of its main thread into dir)
 *
 * Seeds a throw-away database (.tmp/bench-<rows>/) with one organization holding ROWS NFTs over
 * more than 1,000 contracts (at a million) and MEMBERS members/invitations, builds the app
 * (`next build`, unless --skip-build), reads the database file into the OS page cache, starts
 * `next start` on it, warms it up on the floor case (unmeasured), and drives every case of
 * scripts/bench-cases.ts with autocannon — each request drawn afresh. The floor is measured first
 * and again after the last single case; ratios are to the faster of the two. Prints req/s, p50,
 * p99 and the ratio to that floor, the server's peak RSS and the database size,
 * and whether each of the issue's targets is met. Exits 1 when a request got an unexpected status
 * (and, with --strict, when a target is missed). The small mode
 * (`--rows 2000 --members 200 --seconds 1 --skip-build`) runs in the test suite (e2e/bench-small.spec.ts).
 *
 * Every run starts on the data as seeded: the seed is kept apart (seed.db) and the server gets a
 * fresh copy of it, since the write cases add rows.
 *
 * `--engine postgres` runs the same cases on PostgreSQL: the seeded SQLite file is copied once into
 * an embedded PostgreSQL 18 kept in .tmp/bench-<rows>/postgres/ (`db copy`, the path an existing
 * user moves up by; reused with --reuse), started with production durability and the settings
 * below, and the server runs with DATABASE_URL on a fresh clone of that copy.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { serverProcessEnv } from '@/lib/ops/server-memory';
import { benchCases, mixedCases, type BenchCase, type BenchContext, type Kind, type Shape } from './bench-cases';
import { seedStyles, type SeedStyle } from './bench-seed';
import { sqliteStore } from '@/lib/storage/sqlite/store';

const usage = `npm run bench -- [options]
  --rows N            NFTs to seed (default 1000000)
  --members N         members + invitations to seed (default 100000)
  --names STYLE       how the seed names things: bench (default; NFTs "amber harbor #12", members
                      "ada.12@bench.test") or outside (issue 28's outside run: NFTs "harbor violet #123456",
                      1,000 contracts, members "person<n>@outside.test"); data in .tmp/bench-<rows>[-outside]/
  --seconds N         seconds per case (default 5)
  --connections N     concurrent connections (default 10)
  --port N            port of the server (default: a free one)
  --skip-build        do not run next build first
  --reuse             reuse the seeded database of the same rows and names
  --seed-only         seed, then stop
  --only REGEXP       just the cases whose name matches, plus the floor ("mixed": the mixed case)
  --sample-seconds N  seconds per sampled case (default 3 × --seconds): it spreads over many shapes
  --strict            exit 1 when a target is missed
  --out FILE          write the results as JSON
  --profile DIR       the server writes a V8 CPU profile of its main thread into DIR
  --engine E          sqlite (default) or postgres (an embedded PostgreSQL holding a copy of the seed)
`;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    out: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
    names: { type: 'string', default: 'bench' },
    'sample-seconds': { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}
if (!(seedStyles as readonly string[]).includes(values.names)) throw new Error(`--names must be one of ${seedStyles.join(', ')}`);
const NAMES = values.names as SeedStyle;
if (values.engine !== 'sqlite' && values.engine !== 'postgres') throw new Error('--engine must be sqlite or postgres');
const ENGINE = values.engine;
const ROWS = Number(values.rows);
const MEMBERS = Number(values.members);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const SAMPLE_SECONDS = values['sample-seconds'] ? Number(values['sample-seconds']) : 3 * SECONDS;

const root = process.cwd();
// One data directory per size and naming style, so both seeds can be kept and reused.
const dir = path.resolve(`.tmp/bench-${ROWS}${NAMES === 'bench' ? '' : `-${NAMES}`}`);
const dbFile = path.join(dir, 'bench.db');
/** The database as seeded, never served: each run starts on a fresh copy (the write cases add rows). */
const seedFile = path.join(dir, 'seed.db');
const contextFile = path.join(dir, 'context.json');
const serverEnv: Record<string, string> = {
  DATA_DIR: dir,
  DATABASE_PATH: dbFile,
  AUTH_SECRET: 'bench-only-secret-0123456789abcdef0123456789abcdef',
  RATE_LIMIT_PER_MINUTE: String(1e9),
  SIGNIN_MAX_PER_MINUTE: String(1e9),
  CL2C_QUIET_LOGS: '1',
  NEXT_TELEMETRY_DISABLED: '1',
};
Object.assign(process.env, serverEnv);

const log = (line: string) => process.stderr.write(`${line}\n`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function prepareDatabase(): Promise<{ context: BenchContext; seededNow: boolean }> {
  if (values.reuse && existsSync(contextFile) && existsSync(seedFile)) {
    // The SQLite engine serves a fresh copy; PostgreSQL serves its own clone (preparePostgres).
    if (ENGINE === 'sqlite') {
      log(`reusing the seed ${seedFile}: a fresh copy of it`);
      await restoreSeed();
    } else log(`reusing the seed ${seedFile}`);
    return { context: JSON.parse(readFileSync(contextFile, 'utf8')) as BenchContext, seededNow: false };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { getDb } = await import('@/lib/storage/sqlite/client');
  const { createOrganization } = await import('@/lib/tenants/service');
  const { seed } = await import('./bench-seed');
  const db = getDb();
  const org = await createOrganization(sqliteStore(db), { name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'bench-password' });
  const other = await createOrganization(sqliteStore(db), { name: 'Other', adminEmail: 'other@example.test', adminPassword: 'bench-password' });
  log(`seeding ${ROWS.toLocaleString('en')} NFTs and ${MEMBERS.toLocaleString('en')} members/invitations…`);
  const seeded = seed(db.$client, org.organization.id, other.organization.id, ROWS, MEMBERS, NAMES);
  log(`seeded in ${seeded.seconds.toFixed(1)} s (${seeded.contracts} contracts; bulk insert + db reindex)`);
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  copyFileSync(dbFile, seedFile);
  const context: BenchContext = {
    rows: ROWS,
    members: MEMBERS,
    names: NAMES,
    contractIds: seeded.contractIds,
    memberIds: seeded.memberIds,
    tenant: org.organization.tenant,
    keyA: org.apiKey,
    keyB: org.tenantApiKey,
  };
  writeFileSync(contextFile, JSON.stringify(context));
  return { context, seededNow: true };
}

/**
 * The served database back to the seed: every run measures the same data, not the seed plus every
 * earlier run's writes (A13 alone adds ~17,000 invitations a run, and its cost grows with them).
 */
async function restoreSeed() {
  // Migrations of newer builds land in the seed once, not in every run's copy.
  const { openDb } = await import('@/lib/storage/sqlite/client');
  const seedDb = openDb(seedFile);
  seedDb.$client.pragma('wal_checkpoint(TRUNCATE)');
  seedDb.$client.close();
  for (const suffix of ['-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  copyFileSync(seedFile, dbFile);
  // The copy's gigabytes on disk before anything is measured: written back by the kernel during the
  // first cases they slowed the floor (297 req/s at the start of a run, 426 at its end).
  spawnSync('sync');
}

/**
 * PostgreSQL server settings of the benchmark: a buffer cache that holds the million-row seed (the
 * SQLite run has the OS page cache), parallel workers off (two cores, ten connections), the rest
 * the server's defaults — fsync and synchronous commit on.
 */
const PG_SETTINGS = ['shared_buffers=2GB', 'effective_cache_size=8GB', 'work_mem=16MB', 'max_parallel_workers_per_gather=0', 'max_connections=60'];

/**
 * The seed on PostgreSQL: an embedded server whose data folder is kept beside the SQLite seed, the
 * seed copied into its bench_seed database once (`db copy`; again whenever the SQLite seed is new),
 * served from a fresh clone of it (bench) with its tables read into the buffer cache. Returns
 * DATABASE_URL and how to stop the server.
 */
async function preparePostgres(seededNow: boolean): Promise<{ url: string; bytes: () => Promise<number>; stop: () => Promise<void> }> {
  const { startEmbeddedPostgres } = await import('@/test/postgres/embedded');
  const pgDir = path.join(dir, 'postgres');
  const marker = path.join(pgDir, 'copied.json');
  if (seededNow) rmSync(pgDir, { recursive: true, force: true });
  const server = await startEmbeddedPostgres({ port: await freePort(), folderPrefix: 'cl2c-bench-pg-', keepIn: pgDir, durable: true, settings: PG_SETTINGS });
  const pg = (await import('pg')).default;
  // One connection each; one the server closes while idle (its shutdown at the end of the run) must
  // not end the benchmark with an unhandled 'error' before it prints its results.
  const pool = (connectionString: string) => new pg.Pool({ connectionString, max: 1 }).on('error', () => {});
  const admin = pool(server.url);
  const urlOf = (database: string) => server.url.replace(/\/postgres$/, `/${database}`);
  try {
    // The copy lives in bench_seed, never served; each run serves a fresh clone of it (bench), so the
    // write cases of earlier runs are not in this one's data. A folder from before the template was
    // introduced has no bench_seed: it is copied again.
    const copied = existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { template?: string }).template === 'bench_seed';
    if (!copied) {
      await admin.query('drop database if exists bench');
      await admin.query('drop database if exists bench_seed');
      await admin.query('create database bench_seed');
      const { copySqliteToPostgres } = await import('@/lib/storage/postgres/copy');
      log('copying the seed into PostgreSQL (db copy)…');
      const started = Date.now();
      await copySqliteToPostgres(seedFile, urlOf('bench_seed'));
      writeFileSync(marker, JSON.stringify({ rows: ROWS, members: MEMBERS, names: NAMES, template: 'bench_seed', seconds: (Date.now() - started) / 1000 }));
      log(`copied in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } else log(`reusing the PostgreSQL copy in ${pgDir}`);
    // Migrations of newer builds land in the seed once, not in every run's clone.
    const { migratePostgres } = await import('@/lib/storage/postgres/connection');
    const seedPool = pool(urlOf('bench_seed'));
    try {
      await migratePostgres(seedPool);
    } finally {
      await seedPool.end();
    }
    const started = Date.now();
    await admin.query('drop database if exists bench');
    // FILE_COPY: the seed's files copied as they are (WAL_LOG, the default, logs every page).
    await admin.query('create database bench template bench_seed strategy file_copy');
    spawnSync('sync');
    log(`fresh clone of the seed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await admin.end();
  }
  const url = urlOf('bench');
  const bench = pool(url);
  try {
    // Into the buffer cache, as on a server that has been serving for a while (pg_prewarm ships with
    // the server's contrib modules; without it the first cases warm it).
    await bench.query('create extension if not exists pg_prewarm');
    await bench.query(`select pg_prewarm(c.oid) from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'i')`);
  } catch (error) {
    log(`no prewarm: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await bench.end();
  }
  return {
    url,
    bytes: async () => {
      const sizer = pool(url);
      try {
        return Number((await sizer.query<{ n: string }>('select pg_database_size(current_database()) as n')).rows[0]!.n);
      } finally {
        await sizer.end();
      }
    },
    stop: server.stop,
  };
}

/** Resident set size of a process and its descendants, from /proc (0 where unavailable). */
function treeRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return rss + children.reduce((sum, child) => sum + treeRss(child), 0);
  } catch {
    return 0;
  }
}

async function startServer(port: number): Promise<{ child: ChildProcess; base: string; peakRss: () => number; stop: () => Promise<void> }> {
  const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: root,
    // The same heap limits and malloc arenas as `npm start` (lib/ops/server-memory.ts).
    env: { ...process.env, ...serverEnv, NODE_ENV: 'production', APP_URL: `http://127.0.0.1:${port}`, ...serverProcessEnv(process.env) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, treeRss(child.pid));
  }, 100);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${base}/api/v1/cl2c/user/${crypto.randomUUID()}`);
      await res.text();
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    child,
    base,
    peakRss: () => peak,
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

type Measured = {
  name: string;
  kind: Kind | 'mixed';
  reqs: number;
  p50: number;
  p99: number;
  total: number;
  bad: number;
  note?: string;
  /** A sampled case: each request's shape and latency (ms). */
  samples?: { shape: Shape; ms: number }[];
};

async function run(base: string, c: BenchCase, connections: number, seconds = c.sampled ? SAMPLE_SECONDS : SECONDS): Promise<Measured> {
  // One request first, so a broken case fails loudly with its answer instead of a statistic.
  const probe = c.make();
  // A kept-alive socket the server has just closed fails an attempt; that is no answer yet.
  let res: Response | undefined;
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await fetch(base + probe.path, { method: probe.method, headers: probe.headers, body: probe.body });
      // Node answers 408 on a kept-alive socket whose idle timer fired as the request arrived.
      if (res.status === 408 && attempt < 3) res = undefined;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const text = await res.text();
  if (res.status !== c.status) throw new Error(`${c.name}: expected HTTP ${c.status}, got ${res.status}: ${text.slice(0, 300)}`);
  let bad = 0;
  const samples: { shape: Shape; ms: number }[] = [];
  // A sampled request's latency, per autocannon client (one request in flight each): setupRequest
  // runs just before the request is written, onResponse as its answer completes.
  type Timing = { shape?: Shape; t0?: number };
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (req, context: Timing) => {
          const r = c.make();
          if (r.shape) Object.assign(context, { shape: r.shape, t0: performance.now() });
          // autocannon writes Content-Length into the headers object it is given: always a fresh one.
          return { ...req, method: r.method, path: r.path, headers: { ...r.headers }, body: r.body };
        },
        onResponse: (status, _body, context: Timing) => {
          if (status !== c.status) bad += 1;
          if (context.shape && context.t0 !== undefined) samples.push({ shape: context.shape, ms: performance.now() - context.t0 });
        },
      },
    ],
  });
  bad += result.errors + result.timeouts;
  return {
    name: c.name,
    kind: c.kind,
    reqs: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad,
    ...(c.sampled ? { samples } : {}),
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * A sampled case broken down by shape. Per dimension value: its requests, p50, p99 and the rate
 * the case's connections would reach on that value alone (connections / mean latency — a closed
 * loop's throughput), judged by the same targets as a fixed case: any search → a search's,
 * otherwise a list's. Then the slowest full shapes (by p99, at least 3 requests) and the slowest
 * single requests, so a slow combination is named even when it was drawn rarely.
 */
function shapeReport(m: Measured, floor: number, connections: number): string {
  const samples = m.samples ?? [];
  if (!samples.length) return '';
  const isSearch = (shape: Shape) => (shape.search ?? 'none') !== 'none' || (shape.filter ?? '').includes('contains');
  const stats = (group: { shape: Shape; ms: number }[]) => {
    const ms = group.map((g) => g.ms).sort((a, b) => a - b);
    const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
    const rate = (connections * 1000) / mean;
    const search = group.some((g) => isSearch(g.shape));
    const p99 = quantile(ms, 0.99);
    const met = search ? rate / floor >= 0.15 && p99 <= 250 : rate / floor >= 0.5 && p99 <= 100;
    return { n: ms.length, p50: quantile(ms, 0.5), p99, max: ms.at(-1)!, rate, search, met };
  };
  const row = (label: string, group: { shape: Shape; ms: number }[]) => {
    const s = stats(group);
    return `| ${label} | ${s.n} | ${s.p50.toFixed(0)} | ${s.p99.toFixed(0)} | ${s.rate.toFixed(0)} | ${((s.rate / floor) * 100).toFixed(0)}% | ${s.search ? '≥15%, p99≤250' : '≥50%, p99≤100'} | ${s.met ? 'yes' : '**no**'} |`;
  };
  const groupBy = (key: (shape: Shape) => string) => {
    const groups = new Map<string, { shape: Shape; ms: number }[]>();
    for (const sample of samples) {
      const k = key(sample.shape);
      groups.set(k, [...(groups.get(k) ?? []), sample]);
    }
    return groups;
  };
  const lines = [`${m.name} by shape (${samples.length} requests; est. req/s = ${connections} connections / mean latency):`, '', '| Shape | n | p50 ms | p99 ms | est. req/s | % of floor | target | met |', '|---|---:|---:|---:|---:|---:|---|---|'];
  for (const dim of Object.keys(samples[0]!.shape)) {
    for (const [value, group] of [...groupBy((s) => s[dim] ?? '')].sort()) lines.push(row(`${dim}=${value}`, group));
  }
  const full = [...groupBy((s) => Object.entries(s).map(([k, v]) => `${k}=${v}`).join(' '))]
    .filter(([, g]) => g.length >= 3)
    .map(([label, group]) => ({ label, group, p99: stats(group).p99 }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, 8);
  lines.push('', `Slowest shapes (p99, ≥ 3 requests):`, '', '| Shape | n | p50 ms | p99 ms | est. req/s | % of floor | target | met |', '|---|---:|---:|---:|---:|---:|---|---|');
  for (const f of full) lines.push(row(f.label, f.group));
  const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 5);
  lines.push('', `Slowest requests: ${slowest.map((s) => `${s.ms.toFixed(0)} ms (${Object.values(s.shape).join(' / ')})`).join('; ')}`);
  return lines.join('\n');
}

function target(m: Measured, floor: number): { text: string; met: boolean } {
  const ratio = m.reqs / floor;
  switch (m.kind) {
    case 'list':
      return { text: '≥50%, p99≤100', met: ratio >= 0.5 && m.p99 <= 100 };
    case 'search':
      return { text: '≥15%, p99≤250', met: ratio >= 0.15 && m.p99 <= 250 };
    case 'write':
      return m.name.startsWith('A6') ? { text: 'p99≤100', met: m.p99 <= 100 } : { text: 'p99≤300', met: m.p99 <= 300 };
    case 'mixed':
      return { text: 'cheap p99≤50', met: m.p99 <= 50 };
    default:
      return { text: '—', met: true };
  }
}

async function main() {
  const { context, seededNow } = await prepareDatabase();
  const postgres = ENGINE === 'postgres' ? await preparePostgres(seededNow) : null;
  if (postgres) serverEnv.DATABASE_URL = postgres.url;
  if (values['seed-only']) {
    await postgres?.stop();
    return;
  }
  if (!values['skip-build']) {
    log('next build…');
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (build.status !== 0) throw new Error('next build failed');
  }
  // The database in the OS page cache before the server starts, as on a machine that has been
  // serving for a while: otherwise the floor is measured while the server's own start-up pre-read
  // (lib/storage/sqlite/connection/prewarm.ts) competes for the disk and the cores, and every ratio to it is flattered.
  if (!postgres) {
    const { prewarmFile } = await import('@/lib/storage/sqlite/connection/prewarm');
    for (const file of [dbFile, `${dbFile}-wal`].filter((f) => existsSync(f))) await prewarmFile(file, { maxBytes: Infinity });
  }
  const port = values.port ? Number(values.port) : await freePort();
  let dbBytes = ['', '-wal'].reduce((sum, s) => sum + (existsSync(dbFile + s) ? statSync(dbFile + s).size : 0), 0);
  const server = await startServer(port).catch(async (error: unknown) => {
    await postgres?.stop();
    throw error;
  });
  const measured: Measured[] = [];
  try {
    const cases = benchCases(context);
    const only = values.only ? new RegExp(values.only, 'i') : undefined;
    // Unmeasured warm-up on the floor case (JIT, read workers, the first queries' pages): a cold
    // floor would be slow and flatter every ratio.
    await run(server.base, cases.find((c) => c.kind === 'floor')!, CONNECTIONS, Math.min(SECONDS, 3));
    for (const c of cases.filter((c) => !only || c.kind === 'floor' || only.test(c.name))) {
      const m = await run(server.base, c, c.connections ?? CONNECTIONS);
      measured.push(m);
      log(`${m.name}: ${m.reqs.toFixed(0)} req/s, p99 ${m.p99} ms${m.bad ? `, ${m.bad} bad` : ''}`);
    }
    // The floor again at the end: the ratios use the faster of the two, so a slow spell during
    // the first measurement cannot flatter them.
    const floorCase = cases.find((c) => c.kind === 'floor')!;
    const floorAgain = await run(server.base, floorCase, CONNECTIONS);
    measured.push({ ...floorAgain, name: `${floorCase.name}, again at the end` });
    log(`${floorAgain.name}, again: ${floorAgain.reqs.toFixed(0)} req/s, p99 ${floorAgain.p99} ms`);
    if (!only || only.test('mixed')) {
      const { heavy, cheap } = mixedCases(cases);
      const half = Math.max(1, Math.floor(CONNECTIONS / 2));
      const [h, l] = await Promise.all([run(server.base, heavy, half), run(server.base, cheap, half)]);
      measured.push({ ...l, kind: 'mixed', name: `mixed: cheap (${cheap.name.split(' (')[0]}) beside "${heavy.name}"`, note: `heavy side ${h.reqs.toFixed(0)} req/s, p99 ${h.p99} ms` });
      if (h.bad) measured.push({ ...h, kind: 'search', name: `mixed: heavy side (${heavy.name})` });
    }
  } finally {
    await server.stop();
    if (postgres) {
      dbBytes = await postgres.bytes().catch(() => 0);
      await postgres.stop();
    }
  }

  const floor = Math.max(...measured.filter((m) => m.kind === 'floor').map((m) => m.reqs)) || 1;
  const rssMb = server.peakRss() / 2 ** 20;
  const lines = [
    `| Case | req/s | % of floor | p50 ms | p99 ms | target | met |`,
    `|---|---:|---:|---:|---:|---|---|`,
    ...measured.map((m) => {
      const t = target(m, floor);
      const note = m.note ? ` (${m.note})` : '';
      return `| ${m.name}${note} | ${m.reqs.toFixed(0)} | ${((m.reqs / floor) * 100).toFixed(0)}% | ${m.p50} | ${m.p99} | ${t.text} | ${t.met ? 'yes' : '**no**'}${m.bad ? ` — ${m.bad} bad responses` : ''} |`;
    }),
  ];
  const summary = `${ROWS.toLocaleString('en')} NFTs, ${context.contractIds.length.toLocaleString('en')} contracts, ${MEMBERS.toLocaleString('en')} members+invitations (names: ${NAMES}); engine ${ENGINE}; ${CONNECTIONS} connections, ${SECONDS} s per case (sampled: ${SAMPLE_SECONDS} s). Server peak RSS ${rssMb.toFixed(0)} MB (target ≤ 400${rssMb > 400 ? ', **missed**' : ''}); database ${(dbBytes / 2 ** 20).toFixed(0)} MB.`;
  const shapes = measured
    .filter((m) => m.samples?.length)
    .map((m) => shapeReport(m, floor, CONNECTIONS))
    .join('\n\n');
  process.stdout.write(`${lines.join('\n')}\n\n${summary}\n${shapes ? `\n${shapes}\n` : ''}`);
  if (values.out) writeFileSync(values.out, JSON.stringify({ measured, floor, rssMb, dbBytes, summary }, null, 2));
  const broken = measured.filter((m) => m.bad > 0);
  const missed = measured.filter((m) => !target(m, floor).met);
  if (broken.length) {
    log(`unexpected responses in: ${broken.map((m) => m.name).join(', ')}`);
    process.exitCode = 1;
  }
  if (values.strict && (missed.length || rssMb > 400)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  if (error instanceof Error && error.cause instanceof Error) log(`cause: ${error.cause.message}`);
  process.exitCode = 1;
});
