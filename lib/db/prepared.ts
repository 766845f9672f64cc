import type Database from 'better-sqlite3';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';

type Reader = Pick<Db, 'all'>;
type Compiler = { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };

/**
 * Compiles `query` (which may hold `sql.placeholder(name)`s) once, and returns a function that
 * runs it with the placeholders' values. Drizzle builds every query anew; a loop that runs one
 * query shape hundreds of times (the paging anchors' steps, lib/storage/sqlite/search/anchors.ts) spent ~40 % of
 * its time there. The statement comes from the session's statement cache
 * (lib/db/statement-cache.ts), fetched on each run so that it is handed out in its default mode.
 * Null for a reader without a Drizzle session: use `db.all` then.
 */
export function compileAll<T>(db: Reader, query: SQL): ((values: Record<string, unknown>) => T[]) | null {
  const { dialect, session } = db as unknown as { dialect?: Compiler; session?: { client?: Database.Database } };
  const client = session?.client;
  if (!dialect?.sqlToQuery || !client?.prepare) return null;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (values) => client.prepare(text).all(...fillPlaceholders(params, values)) as T[];
}

/**
 * A Drizzle query built and `.prepare()`d once per connection, for a hot statement of fixed shape
 * whose values are `sql.placeholder`s: `build` gets the reader and returns the prepared query,
 * which runs with `.get(values)` / `.all(values)`. Building a select in Drizzle costs far more
 * than running it on an index: at a million NFTs, an NFT and its contract by id took 352 µs built
 * each time and 18 µs prepared; an API key by hash 68 µs and 3 µs. Keyed by the Drizzle session,
 * which a transaction shares with its database, so one prepared query serves both (and each read
 * worker's connection gets its own).
 */
export function preparedQuery<R extends object, Q>(build: (db: R) => Q): (db: R) => Q {
  const bySession = new WeakMap<object, Q>();
  return (db) => {
    const session = (db as { session?: object }).session;
    if (!session) return build(db);
    let query = bySession.get(session);
    if (query === undefined) {
      query = build(db);
      bySession.set(session, query);
    }
    return query;
  };
}
