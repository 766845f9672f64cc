/** Entry of the read worker bundle (scripts/build-read-worker.mjs → .next/read-worker.cjs). */
import { serveReads } from './read-worker-core';
import { readServices } from './read-services';

serveReads(readServices);
