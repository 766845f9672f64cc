import { afterAll, beforeAll, inject } from 'vitest';
import { openPostgres, type PgDb } from '@/lib/storage/postgres/connection';

/**
 * A fresh, migrated PostgreSQL database of its own for the calling test file (see
 * test/postgres/global-setup.ts): its URL. The first call of a run starts the test server.
 */
export async function freshPostgresUrl(): Promise<string> {
  const res = await fetch(`${inject('postgresBroker')}/database`, { method: 'POST' });
  if (!res.ok) throw new Error(`the test PostgreSQL broker failed: ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/**
 * Registers beforeAll/afterAll hooks giving the test file its own database; call the returned
 * function inside tests for the handle (its pool closes after the file).
 */
export function withPostgres(): { db: () => PgDb; url: () => string } {
  let db: PgDb | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    url = await freshPostgresUrl();
    db = await openPostgres(url, 'TEST_DATABASE_URL');
  }, 60_000);
  afterAll(async () => {
    await db?.$client.end();
  });
  return {
    db: () => {
      if (!db) throw new Error('withPostgres: the database is opened in beforeAll');
      return db;
    },
    url: () => {
      if (!url) throw new Error('withPostgres: the database is created in beforeAll');
      return url;
    },
  };
}

/** The SQL text of every statement `work` sends through `pool` (its result too). */
export async function recordingStatements<T>(pool: PgDb['$client'], work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const query = pool.query.bind(pool);
  const statements: string[] = [];
  pool.query = ((text: string | { text: string }, ...rest: unknown[]) => {
    statements.push(typeof text === 'string' ? text : text.text);
    return (query as (...a: unknown[]) => unknown)(text, ...rest);
  }) as typeof pool.query;
  try {
    return { result: await work(), statements };
  } finally {
    pool.query = query;
  }
}

/**
 * An organization and one contract of it, written by plain SQL (no app code, no triggers bypassed):
 * what the PostgreSQL list tests then fill with NFTs their own way.
 */
export async function organizationWithContract(client: Pick<PgDb['$client'], 'query'>): Promise<{ organizationId: string; contractId: string }> {
  const organizationId = crypto.randomUUID();
  const contractId = crypto.randomUUID();
  await client.query(`insert into organizations (id, name, tenant, created_at, updated_at) values ($1, 'o', $1, now(), now())`, [organizationId]);
  await client.query(`insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values ($1, $2, 'c', 'C', now(), now())`, [contractId, organizationId]);
  return { organizationId, contractId };
}

/**
 * `lines` (tab-separated, `\N` for NULL) loaded by `COPY <table and columns> FROM STDIN`, as a bulk
 * load with a standard tool would: the statement triggers see them as one statement.
 */
export async function copyIn(pool: PgDb['$client'], target: string, lines: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    const { from } = await import('pg-copy-streams');
    const stream = client.query(from(`COPY ${target} FROM STDIN`));
    for (const line of lines) stream.write(`${line}\n`);
    await new Promise<void>((resolve, reject) => stream.end(() => resolve()).on('error', reject));
  } finally {
    client.release();
  }
}
