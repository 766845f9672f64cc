import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Every test file gets its own data directory and freshly migrated SQLite file. */
const dir = mkdtempSync(path.join(tmpdir(), 'cl2c-test-'));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, 'test.db');
process.env.APP_URL = 'http://127.0.0.1:3999';
process.env.CL2C_QUIET_LOGS = '1';
process.env.NEXT_TELEMETRY_DISABLED = '1';
delete process.env.SMTP_URL;
delete process.env.IMPORT_DIR;
