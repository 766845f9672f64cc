/*
 * Where a sampled bench case spends its time, in process (no HTTP, no queueing, no read workers):
 * draws the requests `npm run bench` draws for A5's or B1's sampled case, runs each through the
 * domain service on the bench's database (SQLite, or PostgreSQL with DATABASE_URL), and prints the
 * mean / p50 / p90 / p99, each dimension value's share of the total time, and the slowest requests
 * with their queries. The counts, anchors and first matches a server keeps stay cached across the
 * requests, as they would.
 *
 *   DATABASE_PATH=.tmp/bench-1000000/bench.db READ_WORKERS=0 DB_PREWARM=off \
 *     npx tsx scripts/bench-shapes.ts [A5|B1] [requests] [rows] [--seed N] [--out FILE] [--against FILE]
 *
 * `--seed N` fixes the draws: two builds given the same seed run the same requests, in the same
 * order, which separates a change from the machine's spread far better than two HTTP runs.
 * `--out FILE` keeps each request's time; `--against FILE` (another build's `--out`, same seed)
 * prints both means and the requests whose time moved most.
 *
 * Run `npm run bench -- --seed-only` (or a bench run: it leaves `bench.db`, a copy of the seed) first;
 * read the file into the page cache (`cat … > /dev/null`) for warm numbers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getStore } from '@/lib/storage/current';
import { findOrganization } from '@/lib/tenants/service';
import { listNfts } from '@/lib/nfts/service';
import { listNftsQuery } from '@/lib/nfts/schemas';
import { searchNfts } from '@/lib/nft-search/service';
import { searchNftsBody } from '@/lib/nft-search/schemas';
import { benchCases, seedDraws, type BenchContext } from './bench-cases';

type Run = { ms: number; shape: string[]; query: string };

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { seed: { type: 'string' }, out: { type: 'string' }, against: { type: 'string' } },
  });
  const [which = 'A5', requests = '300', rowsArg = '1000000'] = positionals;
  const n = Number(requests);
  if (values.seed !== undefined) seedDraws(Number(values.seed));
  const ctx = JSON.parse(readFileSync(`.tmp/bench-${rowsArg}/context.json`, 'utf8')) as BenchContext;
  const sampled = benchCases(ctx).find((c) => c.sampled && c.name.startsWith(which));
  if (!sampled) throw new Error(`no sampled case for ${which} (A5 or B1)`);
  const store = await getStore();
  const org = (await findOrganization(store, ctx.tenant)).id;
  const runs: Run[] = [];
  for (let i = 0; i < n; i++) {
    const request = sampled.make();
    const started = performance.now();
    if (request.method === 'GET') {
      await listNfts(store, org, listNftsQuery.parse(Object.fromEntries(new URL(`http://bench${request.path}`).searchParams)));
    } else {
      await searchNfts(store, org, searchNftsBody.parse(JSON.parse(request.body!)));
    }
    runs.push({ ms: performance.now() - started, shape: Object.values(request.shape ?? {}), query: request.method === 'GET' ? request.path : request.body! });
  }
  report(sampled.name, runs);
  if (values.out) writeFileSync(values.out, JSON.stringify(runs));
  if (values.against) compare(JSON.parse(readFileSync(values.against, 'utf8')) as Run[], runs);
}

function report(name: string, runs: Run[]) {
  const n = runs.length;
  const total = runs.reduce((a, r) => a + r.ms, 0);
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const at = (p: number) => sorted[Math.min(n - 1, Math.floor(n * p))]!.ms.toFixed(0);
  console.log(`${name}: ${n} requests, mean ${(total / n).toFixed(1)} ms, p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)} ms`);
  for (const [d, dimension] of ['search', 'sort', 'filter', 'page'].entries()) {
    const by = new Map<string, number[]>();
    for (const r of runs) by.set(r.shape[d]!, [...(by.get(r.shape[d]!) ?? []), r.ms]);
    const shares = [...by.entries()].map(([k, v]) => ({ k, sum: v.reduce((a, b) => a + b, 0), n: v.length })).sort((a, b) => b.sum - a.sum);
    console.log(`${dimension}: ${shares.map((e) => `${e.k} ${((e.sum / total) * 100).toFixed(0)}% (n ${e.n}, mean ${(e.sum / e.n).toFixed(0)} ms)`).join(' | ')}`);
  }
  console.log('slowest:');
  for (const r of sorted.slice(-15).reverse()) console.log(`${r.ms.toFixed(0).padStart(6)} ms  ${r.shape.join(' / ')}  ${r.query}`);
}

/** The same draws on two builds: both means, then the requests that moved most either way. */
function compare(before: Run[], after: Run[]) {
  const pairs = after.map((r, i) => ({ query: r.query, before: before[i]?.ms ?? NaN, after: r.ms }));
  if (pairs.some((p, i) => before[i]?.query !== p.query)) throw new Error('--against holds other requests: run both builds with the same --seed and count');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`against: mean ${mean(pairs.map((p) => p.before)).toFixed(1)} → ${mean(pairs.map((p) => p.after)).toFixed(1)} ms`);
  const moved = [...pairs].sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before)).slice(0, 10);
  for (const p of moved) console.log(`${p.before.toFixed(0).padStart(6)} → ${p.after.toFixed(0).padStart(6)} ms  ${p.query}`);
}

void main().then(() => process.exit(0));
