import type { SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as pgSchema from '@/db/schema-pg';
import type { EngineKind } from './transactions';

/**
 * The query handle a domain service writes against, on either engine (issue 28). Its type is
 * Drizzle's PostgreSQL database over `lib/storage/tables.ts`: every query is awaited — the synchronous
 * `.get()/.all()/.run()` of better-sqlite3 do not exist on it — and raw SQL goes through
 * `selectRows` below, not `execute`. On SQLite it is better-sqlite3's Drizzle database over the
 * SQLite twin of each table (db/schema.ts, held equal by db/schema-pg.test.ts), whose builders are
 * awaited the same way and answer the same JavaScript values.
 */
export type Queries = Omit<NodePgDatabase<typeof pgSchema>, 'transaction' | 'execute' | '$client' | 'refreshMaterializedView' | 'selectDistinctOn'>;

/**
 * A database, or an open transaction on it: what every domain service takes. It is the Drizzle
 * handle itself (`store.select(…)`, `store.insert(…)`, all awaited) plus the engine's name and
 * `transaction`, which runs `work` atomically — a transaction, or a savepoint inside the current
 * one — committing when it resolves and rolling back when it rejects.
 *
 * On SQLite, work inside a transaction awaits only the database: a better-sqlite3 query settles at
 * once, so the whole transaction runs in one turn of the event loop and nothing else touches the
 * connection meanwhile. Keep I/O (HTTP, the chain, mail) outside; the SQLite engine refuses a
 * transaction that waited for anything else (lib/storage/sqlite/connection/commit-group.ts).
 */
export type Store = Queries & {
  readonly engine: EngineKind;
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
};

/** `handle` (a Drizzle database or transaction of `engine`) as a Store whose transactions run `transaction`. */
export function storeOver(engine: EngineKind, handle: object, transaction: Store['transaction']): Store {
  // The Drizzle handle stays the prototype: its methods find their session and dialect through it.
  return Object.assign(Object.create(handle) as Store, { engine, transaction });
}

/**
 * Whether the server is the only process that works on this database: on SQLite one server owns
 * the file (the CLI beside it does not prepare chain work), so at its start-up nothing an earlier
 * process began can still be in flight; on PostgreSQL another instance may be mid-request.
 */
export function serverOwnsDatabase(store: Store): boolean {
  return store.engine === 'sqlite';
}

/** How many rows an awaited UPDATE or DELETE changed (better-sqlite3: `changes`; node-postgres: `rowCount`). */
export function affectedRows(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

/** The rows of a raw SQL query, on either engine. */
export async function selectRows<T>(store: Store, query: SQL): Promise<T[]> {
  if (store.engine === 'sqlite') return (store as unknown as { all: (q: SQL) => T[] }).all(query);
  const result = await (store as unknown as { execute: (q: SQL) => Promise<{ rows: T[] }> }).execute(query);
  return result.rows;
}
