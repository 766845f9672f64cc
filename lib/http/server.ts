/**
 * The production HTTP server: Next's request handler behind a plain `node:http` server, so the
 * app knows the TCP peer of every request (route handlers cannot see the socket) and can shut
 * down gracefully. `npm start` and the e2e suite serve through this; bare `next start` works but
 * takes the client address from headers a client can set (docs/security.md).
 */
import { createServer, type Server } from 'node:http';
import next from 'next';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import { parseTrustedProxies } from '@/lib/shared/trusted-proxies';
import { stampPeer } from './peer';

export type RunningServer = { server: Server; close(): Promise<void> };

/** Grace period for in-flight requests on SIGTERM before remaining connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(options: { host: string; port: number; dev?: boolean }): Promise<RunningServer> {
  const app = next({ dev: options.dev ?? false, hostname: options.host, port: options.port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const trusted = parseTrustedProxies(env().TRUSTED_PROXIES);
  const server = createServer((req, res) => {
    stampPeer(req, trusted);
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting; idle keep-alive sockets go now, busy ones once their response is done.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await drained;
      clearTimeout(timer);
      const { shutdownServerProcess } = await import('@/lib/shutdown');
      await shutdownServerProcess();
      await app.close();
    })());
  return { server, close };
}

/** SIGTERM/SIGINT: finish in-flight requests, stop workers, close the database, exit 0. */
export function exitGracefullyOnSignals(running: RunningServer): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log('info', 'shutting down', { signal });
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
