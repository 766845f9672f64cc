/**
 * Serves the BUILT app through lib/http/server.ts on HOST:PORT (no build step; `npm start`
 * builds first when needed). Exits 0 after a graceful shutdown on SIGTERM/SIGINT.
 */
import { EnvError, loadEnv } from '@/lib/env';
import { exitGracefullyOnSignals, startServer } from '@/lib/http/server';
import { checkDatabaseReachable } from '@/lib/storage/preflight';

process.env.NEXT_TELEMETRY_DISABLED = '1';
let config;
try {
  config = loadEnv();
  await checkDatabaseReachable(config);
} catch (error) {
  process.stderr.write(`${error instanceof EnvError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const running = await startServer({ host: config.HOST, port: config.PORT });
exitGracefullyOnSignals(running);
process.stderr.write(`Ready on http://${config.HOST}:${config.PORT}\n`);
