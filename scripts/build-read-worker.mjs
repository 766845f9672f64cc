/**
 * Bundles the read worker (lib/reads/worker.ts) with esbuild into one CommonJS file the server
 * starts as worker threads (lib/storage/sqlite/connection/read-pool.ts). `@/` paths are resolved from tsconfig.json;
 * better-sqlite3 (a native addon) stays external and loads from node_modules. next.config.js runs
 * this after every production compile, writing `.next/read-worker.cjs`.
 *
 * CLI: node scripts/build-read-worker.mjs [--entry lib/reads/worker.ts] [--out .next/read-worker.cjs]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const READ_WORKER_FILE = 'read-worker.cjs';

/** @param {{ projectDir: string, outfile: string, entry?: string }} options */
export async function buildReadWorker({ projectDir, outfile, entry = 'lib/reads/worker.ts' }) {
  await build({
    absWorkingDir: projectDir,
    entryPoints: [path.resolve(projectDir, entry)],
    outfile: path.resolve(projectDir, outfile),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3'],
    tsconfig: path.join(projectDir, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
  };
  await buildReadWorker({
    projectDir: process.cwd(),
    entry: arg('--entry', 'lib/reads/worker.ts'),
    outfile: arg('--out', path.join('.next', READ_WORKER_FILE)),
  });
}
