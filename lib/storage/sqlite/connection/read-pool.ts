import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import { fromWireError } from './read-errors';
import type { ReadReply, ReadRequest, ReadWorkerData } from './read-protocol';
import { runtimeSlot } from '@/lib/runtime';
import { abortReason } from '@/lib/storage/read-signal';

/** Where `next build` leaves the worker bundle (next.config.js → scripts/build-read-worker.mjs). */
export const READ_WORKER_BUNDLE = path.join('.next', 'read-worker.cjs');

/**
 * Heap limits per worker: a read holds one page of rows, so a small young generation is plenty and
 * keeps each worker's resident memory down (the server's peak RSS budget is 400 MB at 1M rows).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };

type Job = { request: ReadRequest; key: string; shape: string; resolve(value: unknown): void; reject(error: Error): void };
type Slot = {
  worker: Worker;
  job: Job | null;
  /** Jobs waiting for this worker because it holds (or is computing) their query's total. */
  waiting: Job[];
  /** Queries whose total this worker has cached, most recent last (bounded). */
  holds: Map<string, true>;
};

/** Paging and ordering do not change a total: requests differing only in these share a worker. */
const PAGING_FIELDS = new Set(['page', 'limit', 'pageNumber', 'pageSize', 'sortBy', 'sortOrder', 'orderBy']);
/** At most this many requests wait for a busy worker that holds their total. */
const MAX_WAITING = 2;
const MAX_HELD_KEYS = 2000;

/**
 * `key`: the query a request's total depends on — the service and its arguments without paging
 * and order. `shape`: which of those arguments are set (e.g. "listNfts with a search"), to learn
 * which kinds of query keep a cached total.
 */
export function affinity(name: string, args: unknown[]): { key: string; shape: string } {
  const fields = (arg: unknown) =>
    arg && typeof arg === 'object' && !Array.isArray(arg) ? Object.entries(arg).filter(([k, v]) => !PAGING_FIELDS.has(k) && v !== undefined) : null;
  const key = args.map((arg) => (fields(arg) ? Object.fromEntries(fields(arg)!) : arg));
  const shape = args.map((arg) => fields(arg)?.map(([k, v]) => (v === null ? `${k}=null` : k)) ?? typeof arg);
  return { key: `${name}\u0000${JSON.stringify(key)}`, shape: `${name}\u0000${JSON.stringify(shape)}` };
}

/**
 * A small pool of worker threads, each with its own read-only connection to the WAL database,
 * that run the read-only list/search services (lib/reads/services.ts) off the main event loop,
 * one job per worker at a time. A worker that dies is replaced and its job fails with an Error (a
 * 500, as a crash in-thread would be).
 *
 * Routing: an exact search or multi-filter total costs a pass over its matches the first time
 * and is then cached in the worker that computed it (lib/storage/sqlite/search/count-cache.ts). So a request
 * goes to a worker that holds its query's total — idle, or busy with at most MAX_WAITING others
 * waiting — rather than having a second worker compute the same total again; concurrent first
 * requests of one query wait for the one computing it (once that kind of query is known to keep a
 * cached total, so identical cheap requests still spread over every worker). Everything else takes the first idle
 * worker, or the shared FIFO queue. Routing only moves work: every worker answers exactly.
 */
export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** Shapes of query whose answers used a cached total (bounded by the few shapes the services have). */
  private readonly countedShapes = new Set<string>();
  private nextId = 1;
  private closed = false;

  constructor(
    readonly file: string,
    readonly size: number,
    private readonly bundle: string,
    /** Nice value of the worker threads (0 = the process's). */
    readonly nice = 0,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Runs service `name` in a worker; resolves with its result or rejects with its error (same class). */
  run(name: string, args: unknown[], signal?: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The read pool is closed.'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const job: Job = { request: { id: this.nextId++, name, args }, ...affinity(name, args), resolve, reject };
      if (signal) {
        // Its client went away while it waited: nobody will read the answer, so no worker computes it.
        const drop = () => {
          if (this.unqueue(job)) reject(abortReason(signal));
        };
        signal.addEventListener('abort', drop, { once: true });
        job.resolve = (value) => (signal.removeEventListener('abort', drop), resolve(value));
        job.reject = (error) => (signal.removeEventListener('abort', drop), reject(error));
      }
      this.place(job);
    });
  }

  /** Takes a job that has not started out of the queue (or a worker's waiting list); false if it started. */
  private unqueue(job: Job): boolean {
    for (const list of [this.queue, ...this.slots.map((slot) => slot.waiting)]) {
      const at = list.indexOf(job);
      if (at >= 0) {
        list.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  /** Fails queued reads and stops the workers (graceful shutdown comes after the HTTP drain). */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...this.queue.splice(0), ...this.slots.flatMap((slot) => slot.waiting.splice(0))];
    for (const job of pending) job.reject(new Error('The read pool is closed.'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(/*turbopackIgnore: true*/ path.resolve(/*turbopackIgnore: true*/ this.bundle), {
      workerData: { file: this.file, nice: this.nice } satisfies ReadWorkerData,
      resourceLimits: WORKER_LIMITS,
    });
    const slot: Slot = { worker, job: null, waiting: [], holds: new Map() };
    worker.on('message', (reply: ReadReply) => {
      const job = slot.job;
      if (!job || job.request.id !== reply.id) return;
      slot.job = null;
      if (reply.ok) {
        if (reply.countCached) {
          remember(slot, job.key);
          this.countedShapes.add(job.shape);
        }
        job.resolve(reply.value);
      } else job.reject(fromWireError(reply.error));
      this.next(slot);
    });
    worker.on('error', (error) => log('error', 'read worker failed', { message: error.message }));
    worker.on('exit', (code) => {
      const job = slot.job;
      slot.job = null;
      job?.reject(new Error(`A read worker exited (code ${code}) during the read.`));
      if (this.closed) return;
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots[at] = this.spawn();
      for (const waiting of slot.waiting.splice(0)) this.place(waiting);
      for (const free of this.slots) if (!free.job) this.next(free);
    });
    worker.unref();
    return slot;
  }

  private place(job: Job): void {
    // A worker holds the total, or is computing it (for a kind of query known to cache one).
    const counted = this.countedShapes.has(job.shape);
    const holders = this.slots.filter((slot) => slot.holds.has(job.key) || (counted && slot.job?.key === job.key));
    // Waiting for a holder never jumps the shared queue: once requests queue, they go in order.
    const target =
      holders.find((slot) => !slot.job) ??
      (this.queue.length === 0 ? holders.find((slot) => slot.waiting.length < MAX_WAITING) : undefined) ??
      this.slots.find((slot) => !slot.job && slot.waiting.length === 0);
    if (!target) this.queue.push(job);
    else if (target.job) target.waiting.push(job);
    else this.start(target, job);
  }

  /** A worker is free: its own waiting jobs first, then the oldest queued job (one whose total it holds, if near the front). */
  private next(slot: Slot): void {
    if (slot.job) return;
    let job = slot.waiting.shift();
    if (!job) {
      const near = this.queue.slice(0, 8).findIndex((queued) => slot.holds.has(queued.key));
      job = this.queue.splice(Math.max(near, 0), 1)[0];
    }
    if (job) this.start(slot, job);
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.postMessage(job.request);
  }
}

function remember(slot: Slot, key: string) {
  slot.holds.delete(key);
  slot.holds.set(key, true);
  if (slot.holds.size > MAX_HELD_KEYS) slot.holds.delete(slot.holds.keys().next().value!);
}

// One pool per process, shared by every route bundle (Next may load this module more than once).
const poolSlot = runtimeSlot<ReadPool>('readPool');

/** Worker count from READ_WORKERS (default 2; 0 = every read in-thread). */
export function configuredReadWorkers(): number {
  return env().READ_WORKERS;
}

/**
 * Starts the pool for the process's database (server start-up, lib/startup.ts). Returns the
 * number of workers running: 0 when READ_WORKERS=0, the database is `:memory:`, or the bundle is
 * missing (then reads run in-thread, exactly as before).
 */
export function startReadPool(options: { file?: string; workers?: number; bundle?: string; nice?: number } = {}): number {
  const file = options.file ?? env().DATABASE_PATH;
  const workers = options.workers ?? configuredReadWorkers();
  const nice = options.nice ?? env().READ_WORKER_NICE;
  const bundle = path.resolve(/*turbopackIgnore: true*/ options.bundle ?? READ_WORKER_BUNDLE);
  const current = poolSlot.get();
  if (current && current.file === file && current.size === workers && current.nice === nice) return workers;
  if (current) void current.close();
  poolSlot.set(undefined);
  if (workers <= 0 || file === ':memory:') return 0;
  if (!existsSync(/*turbopackIgnore: true*/ bundle)) {
    log('warn', 'read worker bundle missing; list and search reads run on the main thread', { bundle });
    return 0;
  }
  poolSlot.set(new ReadPool(file, workers, bundle, nice));
  return workers;
}

export async function stopReadPool(): Promise<void> {
  const pool = poolSlot.get();
  poolSlot.set(undefined);
  await pool?.close();
}

/** The running pool, if it serves the process's current database (lib/reads/run.ts runs reads on it). */
export function activePool(): ReadPool | null {
  const pool = poolSlot.get();
  return pool && pool.file === env().DATABASE_PATH ? pool : null;
}

