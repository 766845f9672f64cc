import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { env } from '@/lib/env';
import { check } from '@/lib/storage/sqlite/search/maintenance';
import { familyAClient } from '@/test/api-client';
import { createTestOrg } from '@/test/helpers';
import { freshPostgresUrl, withPostgres } from '@/test/postgres/database';
import { backupPostgres, restorePostgres } from './backup';
import { copyOrder, copySqliteToPostgres, CopyError } from './copy';
import { checkPostgres } from './maintenance';

/*
 * `db backup` / `db restore` on PostgreSQL, without pg_dump: a database seeded through the real
 * services on SQLite is copied up to PostgreSQL; its backup is a SQLite file that holds the very
 * same rows as the original SQLite database (byte for byte, table by table) and passes the SQLite
 * `db check`; restored into another, empty PostgreSQL database it checks clean with equal counts.
 */
const pg = withPostgres();
const dir = mkdtempSync(path.join(tmpdir(), 'cl2c-pg-backup-'));
const uniq = () => crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  const org = await createTestOrg(`Backup Ωmega ${uniq()}`);
  const client = familyAClient(org.apiKey);
  const contract = await client.POST('/cl2c/contract', { body: { name: 'Backup Genesis', symbol: 'BKP', metadata: { b: 2, a: [1, { c: 'İ' }] } } });
  expect(contract.response.status).toBe(201);
  for (const name of ['Sunrise \u212a', 'Moon ΣΑΣ', 'ab']) {
    const nft = await client.POST('/cl2c/nft', { body: { name, smartContractId: contract.data!.id, supply: 3, description: `about ${name}` } });
    expect(nft.response.status).toBe(201);
  }
  const bulk = await client.POST('/cl2c/user/bulk', { body: { users: [{ email: `bk-${uniq()}@example.test` }] } });
  expect(bulk.response.status).toBe(200);
  await copySqliteToPostgres(env().DATABASE_PATH, pg.url());
}, 120_000);

/** Every table's rows in a stable order, as SQLite stores them (values and their types). */
function dump(file: Database.Database) {
  return Object.fromEntries(
    copyOrder().map((t) => {
      const cols = t.columns.map((c) => `"${c.name}"`).join(', ');
      const rows = file.prepare(`SELECT ${t.columns.map((c) => `typeof("${c.name}")`).join(', ')}, ${cols} FROM "${t.name}"`).raw(true).all() as unknown[][];
      return [t.name, rows.map((r) => JSON.stringify(r)).sort()];
    }),
  );
}

describe('db backup and db restore on PostgreSQL', () => {
  it('backs up to a SQLite file with the same rows as the original, that passes db check; never over an existing file', async () => {
    const file = path.join(dir, 'pg-backup.db');
    const report = await backupPostgres(pg.url(), file, { batchRows: 2 });
    expect(report).toMatchObject({ ok: true, engine: 'postgres', file });
    expect(report.tables.nfts).toBeGreaterThanOrEqual(3);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (const leftover of [`${file}.partial`, `${file}.partial-wal`, `${file}-wal`]) expect(existsSync(leftover), leftover).toBe(false);
    const backup = new Database(file, { readonly: true });
    try {
      expect(dump(backup)).toEqual(dump(getDb().$client));
      expect(check(backup).problems).toEqual([]);
    } finally {
      backup.close();
    }
    await expect(backupPostgres(pg.url(), file)).rejects.toThrow(/already exists/);
  }, 120_000);

  it('restores the backup into an empty PostgreSQL database: equal counts, db check clean; never into one with rows', async () => {
    const file = path.join(dir, 'pg-backup-2.db');
    await backupPostgres(pg.url(), file);
    const target = await freshPostgresUrl();
    const restored = await restorePostgres(target, file);
    for (const [name, counts] of Object.entries(restored.tables)) expect(counts.postgres, name).toBe(counts.sqlite);
    const { openPostgres } = await import('./connection');
    const db = await openPostgres(target, 'TEST_DATABASE_URL');
    try {
      expect(await checkPostgres(db.$client)).toEqual({ ok: true, engine: 'postgres', problems: [] });
    } finally {
      await db.$client.end();
    }
    await expect(restorePostgres(pg.url(), file)).rejects.toBeInstanceOf(CopyError);
  }, 120_000);

  it('through the CLI with DATABASE_URL set', () => {
    const file = path.join(dir, 'cli-backup.db');
    const run = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['scripts/cli.ts', 'db', 'backup', file], {
      env: { ...process.env, DATABASE_URL: pg.url() },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, engine: 'postgres', file });
    expect(existsSync(file)).toBe(true);
  }, 120_000);
});
