import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '@/lib/storage/sqlite/client';
import { authSecret, env } from '@/lib/env';
import { announceDemo } from '@/lib/seed/demo';

describe('data files are private to the service user', () => {
  it('a new database directory is 0700; the database and its WAL are 0600', () => {
    const dir = path.join(env().DATA_DIR, 'modes', 'nested');
    const file = path.join(dir, 'x.db');
    const db = openDb(file);
    db.$client.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    db.$client.close();
  });

  it('the generated auth secret is 0600', () => {
    authSecret();
    expect(statSync(path.join(env().DATA_DIR, 'auth-secret')).mode & 0o777).toBe(0o600);
  });
});

describe('first-run banner', () => {
  const demo = {
    consoleUrl: 'http://127.0.0.1:3000',
    adminEmail: 'admin@demo.cl2c.local',
    adminPassword: 'pw-SECRET-1',
    tenant: 'demo',
    apiKey: 'cl2c_a_SECRET',
    tenantApiKey: 'cl2c_b_SECRET',
  };

  it('is written to a terminal', () => {
    let written = '';
    announceDemo(demo, { isTTY: true, write: (t: string) => (written += t) });
    expect(written).toContain('pw-SECRET-1');
  });

  it('never reaches a log: without a TTY only the credentials file path is logged (stderr)', () => {
    let written = '';
    const original = process.stderr.write.bind(process.stderr);
    let logged = '';
    process.env.CL2C_QUIET_LOGS = '0';
    process.stderr.write = ((chunk: string) => ((logged += chunk), true));
    try {
      announceDemo(demo, { isTTY: false, write: (t: string) => (written += t) });
    } finally {
      process.stderr.write = original;
      process.env.CL2C_QUIET_LOGS = '1';
    }
    expect(written).toBe('');
    expect(logged).toContain('demo-credentials.json');
    expect(logged).not.toMatch(/SECRET/);
  });
});
