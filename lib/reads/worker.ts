/**
 * Entry of the worker bundle (scripts/build-read-worker.mjs → .next/read-worker.cjs): a read
 * worker (lib/db/read-pool.ts), or the checkpoint thread when started with role "checkpoint"
 * (lib/db/checkpointer.ts).
 */
import { workerData } from 'node:worker_threads';
import { runCheckpoints } from '@/lib/db/checkpoint-worker-core';
import type { WorkerData } from '@/lib/db/read-protocol';
import { serveReads } from '@/lib/db/read-worker-core';
import { readServices } from './services';

const data = workerData as WorkerData;
if (data.role === 'checkpoint') runCheckpoints(data.file, data.intervalMs, data.nice);
else serveReads(readServices);
