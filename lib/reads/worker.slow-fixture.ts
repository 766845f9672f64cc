/**
 * Test-only worker entry (lib/storage/sqlite/connection/read-pool.test.ts): the real read services plus `slowCount`, a
 * deliberately long real SQLite read, to show a worker's read does not hold the main thread.
 */
import { serveReads } from '@/lib/storage/sqlite/connection/read-worker-core';
import { slowCount, slowTotal, slowUncounted } from '@/lib/storage/sqlite/connection/slow-read.fixture';
import { onSqlite, readServices } from './services';

serveReads({ ...readServices, slowCount: onSqlite(slowCount), slowTotal: onSqlite(slowTotal), slowUncounted: onSqlite(slowUncounted) });
