import type Database from 'better-sqlite3';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';

type Reader = Pick<Db, 'all'>;
type Compiler = { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };

/**
 * Compiles `query` (which may hold `sql.placeholder(name)`s) once, and returns a function that
 * runs it with the placeholders' values. Drizzle builds every query anew; a loop that runs one
 * query shape hundreds of times (the paging anchors' steps, lib/storage/sqlite/search/anchors.ts) spent ~40 % of
 * its time there. The statement comes from the session's statement cache
 * (lib/storage/sqlite/connection/statement-cache.ts), fetched on each run so that it is handed out in its default mode.
 * Null for a reader without a Drizzle session: use `db.all` then.
 */
export function compileAll<T>(db: Reader, query: SQL): ((values: Record<string, unknown>) => T[]) | null {
  const { dialect, session } = db as unknown as { dialect?: Compiler; session?: { client?: Database.Database } };
  const client = session?.client;
  if (!dialect?.sqlToQuery || !client?.prepare) return null;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (values) => client.prepare(text).all(...fillPlaceholders(params, values)) as T[];
}
