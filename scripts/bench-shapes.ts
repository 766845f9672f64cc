/*
 * Where a sampled bench case spends its time, in process (no HTTP, no queueing, no read workers):
 * draws the requests `npm run bench` draws for A5's or B1's sampled case, runs each through the
 * domain service on the bench's SQLite database, and prints the mean / p50 / p90 / p99, each
 * dimension value's share of the total time, and the slowest requests with their queries. The
 * counts, anchors and first matches a server keeps stay cached across the requests, as they would.
 *
 *   DATABASE_PATH=.tmp/bench-1000000/bench.db READ_WORKERS=0 DB_PREWARM=off \
 *     npx tsx scripts/bench-shapes.ts [A5|B1] [requests] [rows]
 *
 * Run `npm run bench -- --seed-only` (or a bench run: it leaves `bench.db`, a copy of the seed) first;
 * read the file into the page cache (`cat … > /dev/null`) for warm numbers.
 */
import { readFileSync } from 'node:fs';
import { getDb } from '@/db/client';
import { getStore } from '@/lib/storage/current';
import { listNfts } from '@/lib/nfts/service';
import { listNftsQuery } from '@/lib/nfts/schemas';
import { searchNfts } from '@/lib/nft-search/service';
import { searchNftsBody } from '@/lib/nft-search/schemas';
import { benchCases, type BenchContext } from './bench-cases';

async function main() {
  const which = process.argv[2] ?? 'A5';
  const n = Number(process.argv[3] ?? 300);
  const rowsArg = process.argv[4] ?? '1000000';
  const ctx = JSON.parse(readFileSync(`.tmp/bench-${rowsArg}/context.json`, 'utf8')) as BenchContext;
  const sampled = benchCases(ctx).find((c) => c.sampled && c.name.startsWith(which));
  if (!sampled) throw new Error(`no sampled case for ${which} (A5 or B1)`);
  const db = getDb();
  const org = (db.$client.prepare('select id from organizations where tenant = ?').get(ctx.tenant) as { id: string }).id;
  const store = await getStore();
  const runs: { ms: number; shape: string[]; query: string }[] = [];
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
  const total = runs.reduce((a, r) => a + r.ms, 0);
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const at = (p: number) => sorted[Math.min(n - 1, Math.floor(n * p))]!.ms.toFixed(0);
  console.log(`${sampled.name}: ${n} requests, mean ${(total / n).toFixed(1)} ms, p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)} ms`);
  for (const [d, dimension] of ['search', 'sort', 'filter', 'page'].entries()) {
    const by = new Map<string, number[]>();
    for (const r of runs) by.set(r.shape[d]!, [...(by.get(r.shape[d]!) ?? []), r.ms]);
    const shares = [...by.entries()].map(([k, v]) => ({ k, sum: v.reduce((a, b) => a + b, 0), n: v.length })).sort((a, b) => b.sum - a.sum);
    console.log(`${dimension}: ${shares.map((e) => `${e.k} ${((e.sum / total) * 100).toFixed(0)}% (n ${e.n}, mean ${(e.sum / e.n).toFixed(0)} ms)`).join(' | ')}`);
  }
  console.log('slowest:');
  for (const r of sorted.slice(-15).reverse()) console.log(`${r.ms.toFixed(0).padStart(6)} ms  ${r.shape.join(' / ')}  ${r.query}`);
}

void main().then(() => process.exit(0));
