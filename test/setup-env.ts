import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** Every test file gets its own data directory and freshly migrated SQLite file. */
const dir = mkdtempSync(path.join(tmpdir(), 'cl2c-test-'));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, 'test.db');
process.env.APP_URL = 'http://127.0.0.1:3999';
process.env.CL2C_QUIET_LOGS = '1';
process.env.NEXT_TELEMETRY_DISABLED = '1';
delete process.env.SMTP_URL;
delete process.env.IMPORT_DIR;

/*
 * The "postgres" project (vitest.config.ts): the file runs on a fresh PostgreSQL database of its
 * own, as DATABASE_URL, set before the test file imports anything (lib/storage/tables.ts reads it once).
 */
if (process.env.TEST_ENGINE === 'postgres') {
  const { freshPostgresUrl } = await import('./postgres/database');
  process.env.DATABASE_URL = await freshPostgresUrl();
  afterAll(async () => {
    const { closeStore } = await import('@/lib/storage/current');
    await closeStore();
  });
} else {
  delete process.env.DATABASE_URL;
}
