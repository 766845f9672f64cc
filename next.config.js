import path from 'node:path';
import { buildReadWorker, READ_WORKER_FILE } from './scripts/build-read-worker.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ['better-sqlite3'],
  poweredByHeader: false,
  typedRoutes: false,
  compiler: {
    // Every production build also bundles the read worker (lib/db/read-pool.ts) into .next/.
    runAfterProductionCompile: ({ projectDir, distDir }) =>
      buildReadWorker({ projectDir, outfile: path.join(distDir, READ_WORKER_FILE) }),
  },
  // Build assets skip proxy.ts; they still must not be sniffed or framed (proxy.ts covers the rest).
  async headers() {
    return [
      {
        source: '/_next/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'no-referrer' },
        ],
      },
    ];
  },
};

export default nextConfig;
