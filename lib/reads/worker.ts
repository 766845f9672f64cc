/**
 * Entry of the worker bundle (scripts/build-read-worker.mjs → .next/read-worker.cjs): a read
 * worker (lib/storage/sqlite/connection/read-pool.ts), or the checkpoint thread when started with role "checkpoint"
 * (lib/storage/sqlite/connection/checkpointer.ts).
 */
import { workerData } from 'node:worker_threads';
import { runCheckpoints } from '@/lib/storage/sqlite/connection/checkpoint-worker-core';
import type { WorkerData } from '@/lib/storage/sqlite/connection/read-protocol';
import { serveReads } from '@/lib/storage/sqlite/connection/read-worker-core';
import { readServices } from './services';

const data = workerData as WorkerData;
if (data.role === 'checkpoint') runCheckpoints(data.file, data.intervalMs, data.nice);
else serveReads(readServices);
