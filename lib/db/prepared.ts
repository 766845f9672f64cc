import type Database from 'better-sqlite3';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';

type Reader = Pick<Db, 'all'>;
type Compiler = { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };

const MAX_STATEMENTS = 256;
const byConnection = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function statementFor(client: Database.Database, text: string): Database.Statement {
  let statements = byConnection.get(client);
  if (!statements) byConnection.set(client, (statements = new Map<string, Database.Statement>()));
  let statement = statements.get(text);
  if (!statement) {
    statement = client.prepare(text);
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
  }
  return statement;
}

/**
 * Compiles `query` (which may hold `sql.placeholder(name)`s) once, and returns a function that
 * runs it with the placeholders' values — on a statement prepared once per connection and SQL
 * text. Drizzle builds and prepares every query anew; a loop that runs one query shape hundreds of
 * times (the paging anchors' steps, lib/search/anchors.ts) spent ~40 % of its time there. Null for
 * a reader without its own connection (a transaction object): use `db.all` then.
 */
export function compileAll<T>(db: Reader, query: SQL): ((values: Record<string, unknown>) => T[]) | null {
  const { dialect, $client } = db as unknown as { dialect?: Compiler; $client?: Database.Database };
  if (!dialect?.sqlToQuery || !$client?.prepare) return null;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = statementFor($client, text);
  return (values) => statement.all(...fillPlaceholders(params, values)) as T[];
}
