import type Database from 'better-sqlite3';

const MAX_STATEMENTS = 512;

/**
 * A view of `client` whose `prepare` hands back the statement it prepared before for the same SQL
 * text (least recently used dropped past `max`), for Drizzle's session. Drizzle prepares every
 * query anew, and parsing and planning a query on `nfts` (30-odd indexes to weigh) is a noticeable
 * share of the server's main thread under load.
 *
 * A cached statement is handed out only when it is not in the middle of an `iterate()`, and with
 * `raw` mode off (Drizzle switches it on for selects with a field list and never back). Every
 * other method is the connection's own; the connection itself (`db.$client`) keeps preparing
 * afresh, so code that holds its own statements and sets their modes is not affected.
 */
export function cachingStatements(client: Database.Database, max = MAX_STATEMENTS): Database.Database {
  const cache = new Map<string, Database.Statement>();
  const view = Object.create(client) as Database.Database;
  view.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      if (cached.reader) cached.raw(false);
      return cached;
    }
    const statement = client.prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
    }
    return statement;
  }) as Database.Database['prepare'];
  return view;
}

/** Points a Drizzle database's session at a statement-caching view of its connection. */
export function cacheDrizzleStatements<T extends { $client: Database.Database }>(db: T, max = MAX_STATEMENTS): T {
  const session = (db as unknown as { session?: { client?: unknown } }).session;
  if (!session || session.client !== db.$client) throw new Error('cacheDrizzleStatements: unexpected Drizzle session shape');
  session.client = cachingStatements(db.$client, max);
  return db;
}
