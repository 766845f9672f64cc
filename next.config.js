import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildReadWorker, READ_WORKER_FILE } from './scripts/build-read-worker.mjs';

/** The fixed security headers, shared with lib/security/headers.ts (README "Security"). */
const fixed = JSON.parse(readFileSync(new URL('./lib/security/static-headers.json', import.meta.url), 'utf8'));
const headerList = (record) => Object.entries(record).map(([key, value]) => ({ key, value }));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ['better-sqlite3'],
  poweredByHeader: false,
  typedRoutes: false,
  compiler: {
    // Every production build also bundles the read worker (lib/storage/sqlite/connection/read-pool.ts) into .next/.
    runAfterProductionCompile: ({ projectDir, distDir }) =>
      buildReadWorker({ projectDir, outfile: path.join(distDir, READ_WORKER_FILE) }),
  },
  // Build assets and data paths skip proxy.ts; their headers are fixed, so Next sets them here (HSTS,
  // which depends on APP_URL at run time, the API families add: lib/http/response-headers.ts).
  async headers() {
    const data = headerList({ ...fixed.everywhere, 'Content-Security-Policy': fixed.dataCsp });
    return [
      { source: '/_next/:path*', headers: headerList(fixed.everywhere) },
      // `/api/:path*` also matches `/api` itself.
      ...fixed.dataPaths.map((prefix) => ({ source: `${prefix}/:path*`, headers: data })),
    ];
  },
};

export default nextConfig;
