// First-load JavaScript per page of the production build (.next), gzip-compressed, against a
// budget: every page except the exempt ones must stay at or under BUDGET_BYTES.
//
// What a first visit downloads: the root main files (framework, runtime) from
// .next/build-manifest.json plus every chunk the page's client-reference manifest lists for its
// segments (root layout, console layout, error/loading boundaries, the page). Chunks loaded later
// by dynamic import() are not listed there, so they do not count — that is the point of lazy
// loading. Each file counts once per page, gzip at the default level (what servers send).
//
//   node scripts/bundle-budget.mjs [--json .tmp/bundle-budget.json]
// Exits 1 when a page is over budget or the build output is missing.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 180 * 1000;
/** Outside the budget: the API reference (a third-party renderer, issue #14); still measured and listed. */
export const EXEMPT = new Set(['/docs']);

const root = process.cwd();
const next = path.join(root, '.next');
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : null;

function fail(message) {
  console.error(`bundle budget: ${message}`);
  if (jsonFile) writeReport({ error: message, pages: [] });
  process.exit(1);
}

function writeReport(report) {
  mkdirSync(path.dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, JSON.stringify(report, null, 2));
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name === 'page_client-reference-manifest.js') out.push(full);
  }
  return out;
}

/** "/(console)/nfts/[id]/page" → "/nfts/[id]" (route groups are not part of the URL). */
function routeOf(key) {
  const route = key
    .replace(/\/page$/, '')
    .split('/')
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .join('/');
  return `/${route}`;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    const full = path.join(next, file);
    if (!existsSync(full)) fail(`${file} is listed but missing; rebuild with \`npx next build\``);
    gzipCache.set(file, gzipSync(readFileSync(full)).length);
  }
  return gzipCache.get(file);
}

if (!existsSync(path.join(next, 'build-manifest.json'))) fail('no .next/build-manifest.json; run `npx next build` first');
const buildManifest = JSON.parse(readFileSync(path.join(next, 'build-manifest.json'), 'utf8'));
const rootFiles = buildManifest.rootMainFiles ?? [];

const pages = [];
for (const manifestFile of walk(path.join(next, 'server', 'app'))) {
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  vm.runInNewContext(readFileSync(manifestFile, 'utf8'), sandbox);
  for (const [key, manifest] of Object.entries(sandbox.__RSC_MANIFEST ?? {})) {
    if (!key.endsWith('/page') || key.startsWith('/_')) continue;
    const files = new Set(rootFiles);
    for (const chunks of Object.values(manifest.entryJSFiles ?? {})) for (const c of chunks) files.add(c.replace(/^\/_next\//, ''));
    const bytes = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
    const route = routeOf(key);
    pages.push({ route, bytes, files: files.size, exempt: EXEMPT.has(route), over: !EXEMPT.has(route) && bytes > BUDGET_BYTES });
  }
}
if (pages.length === 0) fail('no page client-reference manifests under .next/server/app');
pages.sort((a, b) => b.bytes - a.bytes);

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
for (const p of pages) {
  const mark = p.exempt ? 'exempt' : p.over ? 'OVER' : 'ok';
  console.log(`${mark.padEnd(6)} ${kb(p.bytes).padStart(9)}  ${p.route} (${p.files} files)`);
}
const over = pages.filter((p) => p.over);
console.log(
  over.length
    ? `bundle budget: ${over.length} page(s) over ${kb(BUDGET_BYTES)} gzip first-load JS`
    : `bundle budget: all ${pages.filter((p) => !p.exempt).length} pages within ${kb(BUDGET_BYTES)} gzip first-load JS`,
);
if (jsonFile) writeReport({ budgetBytes: BUDGET_BYTES, pages });
process.exit(over.length ? 1 : 0);
