import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { findActiveKey } from '@/lib/api-keys/service';
import { getStore } from '@/lib/storage/current';
import { selectRows } from '@/lib/storage/store';
import { sql } from 'drizzle-orm';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

async function cli(...args: string[]) {
  return cliIn({}, ...args);
}

/** The CLI with some variables changed (another database to restore into). */
async function cliIn(vars: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ['scripts/cli.ts', ...args], { env: { ...process.env, ...vars } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('provisioning CLI', () => {
  it('org create / key create / key list / key revoke print only JSON, and keys are stored hashed', async () => {
    const org = await cli('org', 'create', '--name', 'CLI Org', '--tenant', 'cli-org', '--admin-email', 'Boss@CLI.test', '--admin-password', 'sup3r-secret', '--json');
    expect(org.code).toBe(0);
    const created = JSON.parse(org.stdout);
    expect(created).toEqual({
      organization: { id: expect.any(String), name: 'CLI Org', tenant: 'cli-org' },
      admin: { id: expect.any(String), email: 'boss@cli.test' },
      apiKey: expect.stringMatching(/^cl2c_a_/),
      tenantApiKey: expect.stringMatching(/^cl2c_b_/),
    });

    const key = await cli('key', 'create', '--org', 'cli-org', '--family', 'b', '--user', 'boss@cli.test', '--name', 'Mobile app', '--json');
    expect(key.code).toBe(0);
    const k = JSON.parse(key.stdout);
    expect(k).toEqual({ id: expect.any(String), key: expect.stringMatching(/^cl2c_b_/), prefix: k.key.slice(0, 12), family: 'B' });

    const list = JSON.parse((await cli('key', 'list', '--org', created.organization.id, '--json')).stdout);
    expect(list).toHaveLength(3);
    expect(list.map((x: { prefix: string }) => x.prefix)).toContain(k.prefix);
    expect(JSON.stringify(list)).not.toContain(k.key);

    expect(await findActiveKey(await getStore(), k.key, 'B')).not.toBeNull();
    const revoked = await cli('key', 'revoke', k.id);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: k.id, revokedAt: expect.any(String) });
    expect(await findActiveKey(await getStore(), k.key, 'B')).toBeNull();

    // No clear key anywhere in the database: the SQLite file's bytes (WAL checkpointed first), or
    // every row of every table on PostgreSQL.
    const store = await getStore();
    let stored: string;
    if (store.engine === 'sqlite') {
      getDb().$client.pragma('wal_checkpoint(TRUNCATE)');
      stored = readFileSync(process.env.DATABASE_PATH!).toString('latin1');
    } else {
      const tables = await selectRows<{ name: string }>(store, sql`select tablename as name from pg_tables where schemaname = 'public'`);
      const dumps = await Promise.all(tables.map((t) => selectRows<{ row: string }>(store, sql`select t::text as row from ${sql.identifier(t.name)} t`)));
      stored = dumps.flat().map((r) => r.row).join('\n');
      expect(stored).toContain(k.prefix);
    }
    for (const clear of [created.apiKey, created.tenantApiKey, k.key]) expect(stored).not.toContain(clear);
  });

  it('exits non-zero with a message on stderr and nothing on stdout for bad usage', async () => {
    const missing = await cli('org', 'create', '--name', 'X', '--json');
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/--admin-email is required/);

    const dup = await cli('org', 'create', '--name', 'Again', '--tenant', 'cli-org', '--admin-email', 'x@y.test', '--admin-password', 'long enough', '--json');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already taken/);

    const unknown = await cli('key', 'list', '--org', 'no-such-org', '--json');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/not found/);
  });

  /*
   * The db commands on this file's engine (the test runs in both Vitest projects): the same
   * commands, the same JSON shapes. On PostgreSQL `db backup` writes a portable SQLite file (no
   * pg_dump: lib/storage/postgres/backup.ts) and `db restore` loads it into an empty database.
   */
  it('db check, db reindex, db backup and db restore run on this engine; the restored copy answers', async () => {
    const engine = (await getStore()).engine;
    const check = await cli('db', 'check');
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, ...(engine === 'postgres' ? { engine } : {}) });
    const reindex = await cli('db', 'reindex');
    expect(reindex.code, reindex.stderr).toBe(0);
    expect(JSON.parse((await cli('db', 'check')).stdout)).toMatchObject({ ok: true });

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cl2c-cli-backup-')), 'backup.db');
    const backup = await cli('db', 'backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
    const again = await cli('db', 'backup', file);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists; choose a new file name/);
    expect(again.stdout).toBe('');

    // Into a fresh database of the same engine: a new SQLite path, an empty PostgreSQL database.
    const target: Record<string, string> =
      engine === 'postgres'
        ? { DATABASE_URL: await (await import('@/test/postgres/database')).freshPostgresUrl() }
        : { DATABASE_PATH: path.join(path.dirname(file), 'restored.db') };
    // Under another AUTH_SECRET the backup's sealed keys would not open: refused, nothing restored.
    const foreign = await cliIn({ ...target, AUTH_SECRET: 'a'.repeat(64) }, 'db', 'restore', file);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(/holds keys sealed with a different AUTH_SECRET than this server's/);
    const restore = await cliIn(target, 'db', 'restore', file);
    expect(restore.code, restore.stderr).toBe(0);
    const restoredCheck = await cliIn(target, 'db', 'check');
    expect(restoredCheck.code, restoredCheck.stderr).toBe(0);
    const keys = await cliIn(target, 'key', 'list', '--org', 'cli-org', '--json');
    expect(keys.code, keys.stderr).toBe(0);
    expect(keys.stdout).toBe((await cli('key', 'list', '--org', 'cli-org', '--json')).stdout);
    if (engine === 'postgres') {
      // Never over rows: the restored database now has them.
      const twice = await cliIn(target, 'db', 'restore', file);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toMatch(/already holds rows/);
    }
  }, 180_000);
});
