/**
 * `npm start`: validate the environment, build when there is no (or a stale) production build,
 * then serve it through lib/http/server.ts (scripts/serve.ts) on HOST:PORT, which knows each
 * request's TCP peer and shuts down gracefully on SIGTERM. Migrations and the first-run demo seed
 * happen in the server itself (instrumentation.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { EnvError, loadEnv } from '@/lib/env';
import { checkDatabaseReachable } from '@/lib/storage/preflight';
import { serverProcessEnv } from '@/lib/ops/server-memory';

const SOURCES = ['app', 'components', 'lib', 'db', 'instrumentation.ts', 'next.config.js', 'package.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function needsBuild(): boolean {
  const stamp = '.next/BUILD_ID';
  // The read worker bundle (lib/storage/sqlite/connection/read-pool.ts) is written by every `next build`.
  if (!existsSync(stamp) || !existsSync('.next/read-worker.cjs')) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

try {
  await checkDatabaseReachable(loadEnv());
} catch (error) {
  process.stderr.write(`${error instanceof EnvError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const next = path.join('node_modules', '.bin', 'next');

if (needsBuild()) {
  process.stderr.write('Building the app (first start or sources changed)…\n');
  const build = spawnSync(next, ['build'], { stdio: 'inherit', env: childEnv });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join('node_modules', '.bin', 'tsx');
const server = spawn(tsx, ['scripts/serve.ts'], {
  stdio: 'inherit',
  env: { ...childEnv, ...serverProcessEnv(process.env) },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
