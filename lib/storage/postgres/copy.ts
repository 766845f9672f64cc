import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { getTableName, is, Table } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { openDb } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import { describeServer, openPostgres } from './connection';
import { checkPostgres, reindexPostgres, type Queryable } from './maintenance';

/*
 * `db copy --from <sqlite file> --to <postgres url>` (issue 28): an existing SQLite database moved
 * up to PostgreSQL. Every table of the schema, parents before children (from the foreign keys), in
 * batches, in ONE PostgreSQL transaction read from ONE SQLite read snapshot (so a server may keep
 * writing the file meanwhile; the copy is of one instant). The triggers that keep derived data are
 * off during the load (one set-based recomputation afterwards instead of one per row — the bulk-load
 * fast path), and so are the secondary indexes (dropped, then built once each from their stored
 * definitions: sorting a million rows into a B-tree or GIN index is far cheaper than a million
 * inserts into some fifty of them); then every table's row count is compared and `db check` must
 * pass before COMMIT: on any difference nothing is stored, the indexes included.
 */

/** The SQLite engine's counters and generations: PostgreSQL does not use them. */
const SKIPPED: Record<string, string> = {
  search_counters: "the SQLite engine's trigger-kept counters and cache generations; PostgreSQL counts from its own structures",
};

type ColumnKind = 'timestamp' | 'boolean' | 'json' | 'plain';
type TablePlan = { name: string; columns: { name: string; kind: ColumnKind }[] };

/** Tables in an order where every foreign key points at a table already copied. */
export function copyOrder(): TablePlan[] {
  const tables = (Object.values(sqliteSchema) as unknown[]).filter((v): v is SQLiteTable => is(v, Table));
  const byName = new Map(tables.map((t) => [getTableName(t), t]));
  const done = new Set<string>();
  const order: TablePlan[] = [];
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    const config = getTableConfig(byName.get(name)!);
    for (const fk of config.foreignKeys) {
      const parent = getTableName(fk.reference().foreignTable);
      if (parent !== name) visit(parent, [...path, name]);
    }
    done.add(name);
    if (SKIPPED[name]) return;
    order.push({
      name,
      columns: config.columns.map((c) => ({
        name: c.name,
        kind: c.columnType === 'SQLiteTimestamp' ? 'timestamp' : c.columnType === 'SQLiteBoolean' ? 'boolean' : c.columnType === 'SQLiteTextJson' ? 'json' : 'plain',
      })),
    });
  };
  for (const name of [...byName.keys()].sort()) visit(name, []);
  return order;
}

/** A SQLite value as node-postgres should send it for the PostgreSQL column. */
function convert(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'timestamp') return new Date(Number(value));
  if (kind === 'boolean') return Number(value) !== 0;
  // JSON text goes as written: PostgreSQL's json type keeps it byte for byte.
  return value;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** Bind parameters per INSERT stay far below PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

export type CopyReport = {
  ok: true;
  from: string;
  to: string;
  seconds: number;
  tables: Record<string, { sqlite: number; postgres: number }>;
  skipped: Record<string, string>;
};

export class CopyError extends Error {}

/**
 * PostgreSQL text cannot hold U+0000; SQLite can, and rows written before the control-character
 * checks (issue 26) may. Named instead of PostgreSQL's bare "invalid byte sequence", with the fix.
 */
function nulMessage(t: TablePlan, row: unknown[], column: number): string {
  const name = t.columns[column]!.name;
  const id = t.columns.findIndex((c) => c.name === 'id');
  const which = id >= 0 ? ` of row ${String(row[id])}` : '';
  return (
    `${t.name}.${name}${which} holds a NUL character (U+0000), which PostgreSQL text cannot store; nothing was copied. ` +
    `Edit that value in the SQLite file (through the app, or a script binding the corrected text: SQLite's replace() does not see a NUL), then copy again`
  );
}

/**
 * Drops the schema's non-unique indexes that back no constraint and returns their definitions, to
 * be run again after the load. Unique indexes stay: they keep the data honest during the load and
 * ON CONFLICT targets (list_counts' upserts in db reindex) need them.
 */
export async function dropSecondaryIndexes(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def
       FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND NOT x.indisunique AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)
      ORDER BY c.relname`,
  );
  for (const r of rows) await client.query(`DROP INDEX ${quote(r.name)}`);
  return rows.map((r) => r.def);
}

export async function copySqliteToPostgres(from: string, to: string, options: { batchRows?: number } = {}): Promise<CopyReport> {
  const started = performance.now();
  if (!existsSync(from)) throw new CopyError(`--from: no such SQLite file: ${from}`);
  // Migrated forward first, as every start does, so its tables are the ones the schema describes.
  openDb(from).$client.close();
  const sqlite = new Database(from, { readonly: true, fileMustExist: true });
  const pgdb = await openPostgres(to, '--to', { max: 1 });
  const client = await pgdb.$client.connect();
  const plan = copyOrder();
  const tables: CopyReport['tables'] = {};
  try {
    await client.query('BEGIN');
    for (const t of plan) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(t.name)}`);
      if (Number(rows[0]!.n) > 0) throw new CopyError(`--to: ${describeServer(to)} already holds rows (${t.name}: ${rows[0]!.n}); copy into an empty database`);
    }
    for (const t of plan) await client.query(`ALTER TABLE ${quote(t.name)} DISABLE TRIGGER USER`);
    const indexes = await dropSecondaryIndexes(client);

    // One read transaction: every SELECT below sees the same snapshot of the file.
    sqlite.exec('BEGIN');
    try {
      for (const t of plan) {
        const names = t.columns.map((c) => quote(c.name)).join(', ');
        const perBatch = Math.max(1, Math.min(options.batchRows ?? 1000, Math.floor(MAX_PARAMS / t.columns.length)));
        let batch: unknown[][] = [];
        let copied = 0;
        const flush = async () => {
          if (!batch.length) return;
          const params: unknown[] = [];
          const tuples = batch.map((row) => `(${row.map((v, i) => (params.push(convert(v, t.columns[i]!.kind)), `$${params.length}`)).join(', ')})`);
          await client.query(`INSERT INTO ${quote(t.name)} (${names}) VALUES ${tuples.join(', ')}`, params);
          copied += batch.length;
          batch = [];
        };
        // Rows in rowid order: the order they were written in.
        const select = sqlite.prepare(`SELECT ${names} FROM ${quote(t.name)} ORDER BY rowid`).raw(true);
        for (const row of select.iterate() as Iterable<unknown[]>) {
          const nul = row.findIndex((v) => typeof v === 'string' && v.includes('\u0000'));
          if (nul >= 0) throw new CopyError(nulMessage(t, row, nul));
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        const source = (sqlite.prepare(`SELECT count(*) AS n FROM ${quote(t.name)}`).get() as { n: number }).n;
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(t.name)}`);
        tables[t.name] = { sqlite: source, postgres: Number(rows[0]!.n) };
        if (copied !== source || tables[t.name]!.postgres !== source) {
          throw new CopyError(`${t.name}: ${source} rows in SQLite, ${copied} read, ${tables[t.name]!.postgres} in PostgreSQL`);
        }
      }
    } finally {
      sqlite.exec('COMMIT');
    }

    for (const t of plan) await client.query(`ALTER TABLE ${quote(t.name)} ENABLE TRIGGER USER`);
    // Derived data first, on tables without secondary indexes to maintain; then the indexes, each in one pass.
    await reindexPostgres(client);
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const def of indexes) await client.query(def);
    const check = await checkPostgres(client);
    if (!check.ok) throw new CopyError(`db check failed after the copy:\n${check.problems.join('\n')}`);
    await client.query('COMMIT');
    // Statistics for the planner and the visibility map for index-only scans, now rather than when
    // autovacuum gets to a million new rows (its first plans on unanalyzed tables are the slow kind).
    // The copy is committed already: should this fail, autovacuum does the same later.
    await client.query('VACUUM (ANALYZE)').catch(() => {});
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
    await pgdb.$client.end();
    sqlite.close();
  }
  return {
    ok: true,
    from,
    to: describeServer(to),
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    tables,
    skipped: SKIPPED,
  };
}
