import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, is, SQL, Table } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgDialect } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as sqliteSchema from './schema';
import * as pgSchema from './schema-pg';

/*
 * One domain model, two dialect files: db/schema.ts (SQLite) and db/schema-pg.ts (PostgreSQL).
 * This test is what keeps them one: every table, column (name, JavaScript type, nullability,
 * default, key, uniqueness, enum values), foreign key, primary key and index (name, columns or
 * expression, uniqueness, partial condition) must match, but for the few indexes PostgreSQL holds in
 * another form (SQLITE_ONLY_INDEXES); and each engine's migrations must be what
 * drizzle-kit generates from its schema file now (no drift).
 */

/**
 * SQLite indexes PostgreSQL holds only in another form, each written in SQL in its migrations: text
 * orders and comparisons are COLLATE "C" there (SQLite compares text by code point), and a NULL-able
 * sort puts NULLs first ascending (SQLite's order).
 * Plain name → its PostgreSQL form.
 */
const SQLITE_ONLY_INDEXES: Record<string, Record<string, string>> = {
  nfts: {
    nfts_org_name_id_idx: 'nfts_org_name_c_idx',
    nfts_org_minted_id_idx: 'nfts_org_minted_nf_idx',
    nfts_org_status_name_id_idx: 'nfts_org_status_name_c_idx',
    nfts_org_status_minted_id_idx: 'nfts_org_status_minted_nf_idx',
    nfts_org_copyright_name_id_idx: 'nfts_org_copyright_name_c_idx',
    nfts_org_copyright_minted_id_idx: 'nfts_org_copyright_minted_nf_idx',
    nfts_b1_name_fold_id_idx: 'nfts_b1_name_fold_c_idx',
    nfts_b1_contract_name_fold_id_idx: 'nfts_b1_contract_name_fold_c_idx',
    nfts_b1_status_name_fold_id_idx: 'nfts_b1_status_name_fold_c_idx',
    nfts_b1_status_contract_name_fold_id_idx: 'nfts_b1_status_contract_name_fold_c_idx',
  },
};

/**
 * PostgreSQL columns SQLite has no use for, each derived and computed by the server (a generated
 * column): rest_fold is B1's other keyword fields folded and joined, which SQLite's search
 * structures hold in their own form (lib/storage/sqlite/search).
 */
const PG_ONLY_COLUMNS: Record<string, string[]> = { nfts: ['rest_fold'] };

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

type Described = Record<string, unknown>;

function expr(value: unknown, dialect: SQLiteSyncDialect | PgDialect): string {
  if (is(value, SQL)) {
    // Booleans: SQLite stores 1/0, PostgreSQL true/false — the same condition.
    return dialect.sqlToQuery(value).sql.replace(/= 1\b/g, '= true').replace(/"[a-z_]+"\./g, '');
  }
  return (value as { name: string }).name;
}

function describeTable(config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>, dialect: SQLiteSyncDialect | PgDialect): Described {
  return {
    columns: Object.fromEntries(
      config.columns.map((c) => [
        c.name,
        {
          type: c.dataType,
          notNull: c.notNull,
          default: c.hasDefault ? JSON.stringify(c.default ?? (c.defaultFn ? 'fn' : null)) : null,
          onUpdate: Boolean(c.onUpdateFn),
          primary: c.primary,
          unique: c.isUnique,
          enum: c.enumValues ?? null,
        },
      ]),
    ),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return {
          columns: ref.columns.map((c) => c.name),
          table: getTableName(ref.foreignTable),
          foreignColumns: ref.foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? 'no action',
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    indexes: Object.fromEntries(
      config.indexes.map((i) => [
        i.config.name,
        {
          columns: i.config.columns.map((c) => expr(c, dialect)),
          unique: i.config.unique,
          where: i.config.where ? expr(i.config.where, dialect) : null,
        },
      ]),
    ),
  };
}

function tables(schema: Record<string, unknown>) {
  return Object.values(schema).filter((v): v is Table => is(v, Table));
}

describe('db/schema.ts and db/schema-pg.ts describe the same model', () => {
  const sqliteTables = new Map(tables(sqliteSchema).map((t) => [sqliteConfig(t as never).name, t]));
  const pgTables = new Map(tables(pgSchema).map((t) => [pgConfig(t as never).name, t]));

  it('have the same tables', () => {
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
  });

  it.each([...sqliteTables.keys()])('%s: same columns, keys and indexes', (name) => {
    const sqlite = describeTable(sqliteConfig(sqliteTables.get(name) as never), sqliteDialect);
    const pg = describeTable(pgConfig(pgTables.get(name) as never), pgDialect);
    const indexes = sqlite.indexes as Record<string, unknown>;
    for (const index of Object.keys(SQLITE_ONLY_INDEXES[name] ?? {})) delete indexes[index];
    const columns = pg.columns as Record<string, unknown>;
    for (const column of PG_ONLY_COLUMNS[name] ?? []) delete columns[column];
    expect(pg).toEqual(sqlite);
  });

  it('every SQLite-only index has its PostgreSQL form in db/migrations-pg, and the plain one is gone', () => {
    const migrations = readdirSync('db/migrations-pg')
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(path.join('db/migrations-pg', f), 'utf8'))
      .join('\n');
    for (const [table, indexes] of Object.entries(SQLITE_ONLY_INDEXES)) {
      for (const [plain, pgForm] of Object.entries(indexes)) {
        expect(migrations, `${table}: ${pgForm}`).toMatch(new RegExp(`CREATE INDEX "${pgForm}" ON "${table}"`));
        expect(migrations, `${table}: ${plain}`).toMatch(new RegExp(`DROP INDEX "${plain}"`));
        expect(pgConfig(pgTables.get(table) as never).indexes.map((i) => i.config.name)).not.toContain(plain);
      }
    }
  });
});

/**
 * drizzle-kit generate against a copy of the engine's migrations folder: it must find nothing to
 * write. A schema change without its migration (or a hand edit of a generated one) fails here.
 */
function generatedDrift(dialect: 'sqlite' | 'postgresql', schemaFile: string, migrations: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'cl2c-drift-'));
  try {
    const out = path.join(dir, 'migrations');
    cpSync(path.resolve(migrations), out, { recursive: true });
    const before = new Set(readdirSync(out));
    const config = path.join(dir, 'drizzle.config.json');
    // drizzle-kit prefixes `./` to the paths it is given: relative ones, then.
    writeFileSync(config, JSON.stringify({ dialect, schema: schemaFile, out: path.relative(process.cwd(), out) }));
    const run = spawnSync(path.resolve('node_modules/.bin/drizzle-kit'), ['generate', `--config=${config}`], {
      encoding: 'utf8',
      timeout: 120_000,
      input: '',
    });
    // It exits 0 even when it fails (a missing snapshot, a schema that does not load): only its
    // own "nothing to migrate" line means it compared and found nothing.
    const written = readdirSync(out).filter((f) => !before.has(f));
    if (written.length === 0 && !/No schema changes, nothing to migrate/.test(run.stdout + run.stderr)) {
      throw new Error(`drizzle-kit generate did not compare:\n${run.stdout}\n${run.stderr}`);
    }
    return written;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('migrations match their schema file (drizzle-kit generate finds no drift)', () => {
  it('SQLite: db/migrations from db/schema.ts', () => {
    expect(generatedDrift('sqlite', 'db/schema.ts', 'db/migrations')).toEqual([]);
  }, 120_000);

  it('PostgreSQL: db/migrations-pg from db/schema-pg.ts', () => {
    expect(generatedDrift('postgresql', 'db/schema-pg.ts', 'db/migrations-pg')).toEqual([]);
  }, 120_000);
});
