/**
 * List-endpoint benchmark at scale: `npm run bench -- [--rows 1000000]`.
 * Builds a throw-away database (in .tmp/bench) with one organization holding ROWS contracts and
 * ROWS NFTs (plus a second organization, so scoping is exercised), then times the real Family A
 * route handlers for typical and worst-case queries and prints p50/p95/max per case.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '30' } } });
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const dir = path.resolve('.tmp/bench');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, 'bench.db');
process.env.RATE_LIMIT_PER_MINUTE = String(1e9);
process.env.CL2C_QUIET_LOGS = '1';

const { getDb } = await import('@/db/client');
const { createOrganization } = await import('@/lib/tenants/service');
const { cases } = await import('./bench-cases');

const db = getDb();
const org = await createOrganization(db, { name: 'Bench', adminEmail: 'bench@example.test', adminPassword: 'bench-password' });
await createOrganization(db, { name: 'Other', adminEmail: 'other@example.test', adminPassword: 'bench-password' });

const t0 = performance.now();
const sqlite = db.$client;
const statuses = ['CREATED', 'DEPLOYED', 'FAILED'];
const nftStatuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'];
const insertContract = sqlite.prepare(
  `insert into smart_contracts (id, organization_id, name, symbol, description, status, created_at, updated_at)
   values (?, ?, ?, ?, ?, ?, ?, ?)`,
);
const insertNft = sqlite.prepare(
  `insert into nfts (id, organization_id, smart_contract_id, name, description, supply, status, created_at, updated_at)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const contractIds: string[] = [];
sqlite.transaction(() => {
  const base = Date.now() - ROWS * 1000;
  for (let i = 0; i < ROWS; i++) {
    const id = crypto.randomUUID();
    if (i < 1000) contractIds.push(id);
    insertContract.run(id, org.organization.id, `Contract ${i}`, `C${i % 100000}`, i % 7 === 0 ? `needle ${i}` : null, statuses[i % 3], base + i * 1000, base + i * 1000);
  }
  for (let i = 0; i < ROWS; i++) {
    insertNft.run(crypto.randomUUID(), org.organization.id, contractIds[i % contractIds.length], `NFT ${i}`, i % 11 === 0 ? `needle ${i}` : null, 1 + (i % 50), nftStatuses[i % 4], base + i * 1000, base + i * 1000);
  }
})();
sqlite.pragma('optimize');
console.log(`seeded ${ROWS.toLocaleString()} contracts and ${ROWS.toLocaleString()} NFTs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const headers = { 'x-api-key': org.apiKey };
console.log(`\n${'case'.padEnd(58)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
for (const c of cases({ contractId: contractIds[0]!, rows: ROWS })) {
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const url = new URL(c.path, 'http://127.0.0.1');
    for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, String(v));
    const start = performance.now();
    const res = await c.handler(new Request(url, { headers }), { params: Promise.resolve({}) });
    await res.text();
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${c.name.padEnd(58)} ${at(0.5).padStart(8)} ${at(0.95).padStart(8)} ${times[times.length - 1]!.toFixed(1).padStart(8)}`);
}
