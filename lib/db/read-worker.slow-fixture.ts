/**
 * Test-only worker entry (lib/db/read-pool.test.ts): the real read services plus `slowCount`, a
 * deliberately long real SQLite read, to show a worker's read does not hold the main thread.
 */
import { serveReads } from './read-worker-core';
import { readServices } from './read-services';
import { slowCount, slowTotal, slowUncounted } from './slow-read.fixture';

serveReads({ ...readServices, slowCount, slowTotal, slowUncounted });
