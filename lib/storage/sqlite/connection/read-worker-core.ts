import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { Db } from '@/lib/storage/sqlite/client';
import * as schema from '@/db/schema';
import { cacheDrizzleStatements } from '@/lib/storage/sqlite/connection/statement-cache';
import { takeCountCacheUse } from '@/lib/storage/sqlite/search/count-cache';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import type { Store } from '@/lib/storage/store';
import { toWireError } from './read-errors';
import type { ReadReply, ReadRequest, ReadWorkerData } from './read-protocol';
import { lowerThreadPriority } from './thread-priority';

type Service = (store: Store, ...args: never[]) => unknown;

/**
 * Body of a read worker thread: opens its own read-only connection to the (already migrated) WAL
 * database and answers ReadRequests one at a time. Each read runs in one read transaction, so a
 * service's several statements (total, page ids, rows) see one snapshot — the newest committed
 * one when the read starts, so a read after a committed write sees it. Requests are answered in
 * turn, so a service that awaits keeps its snapshot to itself. With `nice` the thread
 * yields the CPU to the main thread when both want it (lib/storage/sqlite/connection/thread-priority.ts).
 */
export function serveReads(services: Record<string, Service>): void {
  const port = parentPort;
  if (!port) throw new Error('serveReads must run in a worker thread.');
  const { file, nice = 0 } = workerData as ReadWorkerData;
  if (nice > 0) lowerThreadPriority(nice);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const db: Db = cacheDrizzleStatements(drizzle(sqlite, { schema }));

  const store = sqliteStore(db);
  let turn: Promise<void> = Promise.resolve();
  port.on('message', (request: ReadRequest) => {
    turn = turn.then(() => answer(request));
  });

  async function answer(request: ReadRequest) {
    let reply: ReadReply;
    takeCountCacheUse();
    try {
      const service = services[request.name];
      if (!service) throw new Error(`Unknown read service "${request.name}".`);
      sqlite.exec('BEGIN');
      try {
        const value = await service(store, ...(request.args as never[]));
        reply = { id: request.id, ok: true, value, countCached: takeCountCacheUse() };
      } finally {
        sqlite.exec('COMMIT');
      }
    } catch (error) {
      reply = { id: request.id, ok: false, error: toWireError(error) };
    }
    port!.postMessage(reply);
  }
}
