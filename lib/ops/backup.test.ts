import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { auditEvents } from '@/db/schema';
import { env } from '@/lib/env';
import { createTestOrg } from '@/test/helpers';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

async function cli(args: string[], extraEnv: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(tsx, ['scripts/cli.ts', ...args], { env: { ...process.env, ...extraEnv } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function tenants(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT tenant FROM organizations ORDER BY tenant').all() as { tenant: string }[]).map((r) => r.tenant);
  } finally {
    db.close();
  }
}

describe('db backup / db restore', () => {
  it('backs up while this process keeps writing, and restores into a fresh database path', async () => {
    const first = await createTestOrg();
    const file = path.join(env().DATA_DIR, 'backups', 'snap.db');
    // Keep writing through our own connection while the CLI copies the database.
    let writes = 0;
    const writer = setInterval(() => {
      getDb().insert(auditEvents).values({ actorType: 'system', action: 'test.write', entityType: 'test' }).run();
      writes += 1;
    }, 2);
    const backup = await cli(['db', 'backup', file]);
    clearInterval(writer);
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ file, integrity: 'ok' });
    expect(writes).toBeGreaterThan(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Nothing left of the copy's journal (issue 26 low item: <file>.partial-wal / -shm stayed).
    expect(readdirSync(path.dirname(file)).filter((f) => f.includes('.partial'))).toEqual([]);
    const snap = tenants(file);
    expect(snap).toContain(first.organization.tenant);

    // A second backup to the same name is refused (never overwrites).
    expect((await cli(['db', 'backup', file])).code).toBe(1);

    const restoredPath = path.join(env().DATA_DIR, 'restored', 'cl2c.db');
    const restore = await cli(['db', 'restore', file], { DATABASE_PATH: restoredPath });
    expect(restore.code, restore.stderr).toBe(0);
    expect(tenants(restoredPath)).toEqual(snap);
    expect(statSync(restoredPath).mode & 0o777).toBe(0o600);
    const check = new Database(restoredPath, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
  });

  it('refuses to restore into a DATA_DIR without the auth-secret that sealed the backup’s keys (no 500s later)', async () => {
    await createTestOrg();
    const file = path.join(env().DATA_DIR, 'backups', `secret-${crypto.randomUUID().slice(0, 6)}.db`);
    const secret = process.env.AUTH_SECRET;
    // The backup's keys were sealed with this process's secret (AUTH_SECRET or DATA_DIR/auth-secret).
    expect((await cli(['db', 'backup', file])).code).toBe(0);
    const freshDir = mkdtempSync(path.join(tmpdir(), 'cl2c-restore-'));
    const target = path.join(freshDir, 'cl2c.db');
    const noSecret = await cli(['db', 'restore', file], { DATABASE_PATH: target, DATA_DIR: freshDir, AUTH_SECRET: '' });
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr + noSecret.stdout).toMatch(/no auth-secret .*copy that server's auth-secret file/);
    expect(existsSync(target)).toBe(false);
    const wrong = await cli(['db', 'restore', file], { DATABASE_PATH: target, DATA_DIR: freshDir, AUTH_SECRET: 'a'.repeat(64) });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr + wrong.stdout).toMatch(/different AUTH_SECRET/);
    const right = await cli(['db', 'restore', file], { DATABASE_PATH: target, DATA_DIR: freshDir, AUTH_SECRET: secret ?? readFileSync(path.join(env().DATA_DIR, 'auth-secret'), 'utf8').trim() });
    expect(right.code, right.stderr).toBe(0);
  }, 120_000);

  it('refuses to restore a file that is not a CL2C database', async () => {
    const junk = path.join(env().DATA_DIR, 'junk.db');
    new Database(junk).exec('CREATE TABLE t (x)');
    const res = await cli(['db', 'restore', junk], { DATABASE_PATH: path.join(env().DATA_DIR, 'never', 'x.db') });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/not a usable backup/);
  });
});
