import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { getDb } from '@/db/client';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import { fromWireError } from './read-errors';
import type { ReadReply, ReadRequest, ReadWorkerData } from './read-protocol';
import { readServices, type ReadArgs, type ReadName, type ReadResult } from './read-services';

/** Where `next build` leaves the worker bundle (next.config.js → scripts/build-read-worker.mjs). */
export const READ_WORKER_BUNDLE = path.join('.next', 'read-worker.cjs');

/**
 * Heap limits per worker: a read holds one page of rows, so a small young generation is plenty and
 * keeps each worker's resident memory down (the server's peak RSS budget is 400 MB at 1M rows).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };

type Job = { request: ReadRequest; resolve(value: unknown): void; reject(error: Error): void };
type Slot = { worker: Worker; job: Job | null };

/**
 * A small pool of worker threads, each with its own read-only connection to the WAL database,
 * that run the read-only list/search services (lib/db/read-services.ts) off the main event loop:
 * one job per worker at a time, the rest wait in a FIFO queue. A worker that dies is replaced and
 * its job fails with an Error (a 500, as a crash in-thread would be).
 */
export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly file: string,
    readonly size: number,
    private readonly bundle: string,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Runs service `name` in a worker; resolves with its result or rejects with its error (same class). */
  run(name: string, args: unknown[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The read pool is closed.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, name, args }, resolve, reject });
      this.dispatch();
    });
  }

  /** Fails queued reads and stops the workers (graceful shutdown comes after the HTTP drain). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The read pool is closed.'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(/*turbopackIgnore: true*/ path.resolve(/*turbopackIgnore: true*/ this.bundle), {
      workerData: { file: this.file } satisfies ReadWorkerData,
      resourceLimits: WORKER_LIMITS,
    });
    const slot: Slot = { worker, job: null };
    worker.on('message', (reply: ReadReply) => {
      const job = slot.job;
      if (!job || job.request.id !== reply.id) return;
      slot.job = null;
      if (reply.ok) job.resolve(reply.value);
      else job.reject(fromWireError(reply.error));
      this.dispatch();
    });
    worker.on('error', (error) => log('error', 'read worker failed', { message: error.message }));
    worker.on('exit', (code) => {
      const job = slot.job;
      slot.job = null;
      job?.reject(new Error(`A read worker exited (code ${code}) during the read.`));
      if (this.closed) return;
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots[at] = this.spawn();
      this.dispatch();
    });
    worker.unref();
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.job) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.postMessage(job.request);
    }
  }
}

// One pool per process, shared by every route bundle (Next may load this module more than once).
const globalForPool = globalThis as unknown as { __cl2cReadPool?: ReadPool };

/** Worker count from READ_WORKERS (default 2; 0 = every read in-thread). */
export function configuredReadWorkers(): number {
  return env().READ_WORKERS;
}

/**
 * Starts the pool for the process's database (server start-up, lib/startup.ts). Returns the
 * number of workers running: 0 when READ_WORKERS=0, the database is `:memory:`, or the bundle is
 * missing (then reads run in-thread, exactly as before).
 */
export function startReadPool(options: { file?: string; workers?: number; bundle?: string } = {}): number {
  const file = options.file ?? env().DATABASE_PATH;
  const workers = options.workers ?? configuredReadWorkers();
  const bundle = path.resolve(/*turbopackIgnore: true*/ options.bundle ?? READ_WORKER_BUNDLE);
  const current = globalForPool.__cl2cReadPool;
  if (current && current.file === file && current.size === workers) return workers;
  if (current) void current.close();
  delete globalForPool.__cl2cReadPool;
  if (workers <= 0 || file === ':memory:') return 0;
  if (!existsSync(/*turbopackIgnore: true*/ bundle)) {
    log('warn', 'read worker bundle missing; list and search reads run on the main thread', { bundle });
    return 0;
  }
  globalForPool.__cl2cReadPool = new ReadPool(file, workers, bundle);
  return workers;
}

export async function stopReadPool(): Promise<void> {
  const pool = globalForPool.__cl2cReadPool;
  delete globalForPool.__cl2cReadPool;
  await pool?.close();
}

/** The running pool, if it serves the process's current database. */
function activePool(): ReadPool | null {
  const pool = globalForPool.__cl2cReadPool;
  return pool && pool.file === env().DATABASE_PATH ? pool : null;
}

/**
 * Runs a read-only list/search service: in a read worker when the pool runs, else in-thread on
 * the process's connection. Same result, same error classes either way.
 */
export async function runRead<N extends ReadName>(name: N, ...args: ReadArgs<N>): Promise<ReadResult<N>> {
  const pool = activePool();
  if (pool) return (await pool.run(name, args)) as ReadResult<N>;
  const service = readServices[name] as unknown as (db: ReturnType<typeof getDb>, ...rest: ReadArgs<N>) => ReadResult<N>;
  return service(getDb(), ...args);
}
