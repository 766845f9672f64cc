import type { Db, Tx } from '@/lib/storage/sqlite/client';
import { writePendingDerived } from '@/lib/storage/sqlite/derived-writes';

type Job = {
  /** Synchronous work gets a Drizzle transaction handle; asynchronous work uses the connection itself. */
  work: ((tx: Tx) => unknown) | (() => Promise<unknown>);
  async: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** At most this many writes share one commit. */
export const MAX_GROUP = 32;

/** A transaction whose work waited for something other than the database: rolled back. */
export class StalledTransactionError extends Error {
  constructor() {
    super(
      'a SQLite transaction waited for something other than the database (HTTP, the chain, a timer): ' +
        'it was rolled back; keep such I/O outside the transaction',
    );
  }
}

/** A transaction started with the connection while one of its own groups runs: it could only deadlock. */
export class NestedGroupError extends Error {
  constructor() {
    super("a transaction was started on the database from inside another one: use the open transaction's handle (tx.transaction)");
  }
}

const pending = new WeakMap<Db, Job[]>();
/** The group being committed, per connection: the next group starts after it. */
const running = new WeakMap<Db, Promise<void>>();
/** The group running now, per connection, and whether it has outlived its turn of the event loop. */
const executing = new WeakMap<Db, { stalled: boolean }>();

/**
 * Runs `work` in a transaction that may be shared with other writes queued in the same turn of
 * the event loop: one COMMIT for all of them. Each write runs in its own savepoint, in the order
 * queued, so it sees the writes before it exactly as if they had committed first, and a write that
 * throws rolls back alone (its promise rejects with its error; the others commit). The promise
 * settles after the commit. If the commit itself fails, every write of the group rejects with
 * that error and none of them is stored.
 *
 * Why: at a million NFTs a commit rewrites the tail page of every index the write touched (~40
 * for an NFT) plus a new FTS segment per search index, whatever the write's size; ten concurrent
 * creates paid that ten times. A lone write waits one `setImmediate` longer than a plain
 * `db.transaction`.
 */
export function groupedTransaction<T>(db: Db, work: (tx: Tx) => T): Promise<T> {
  return enqueue<T>(db, work, false);
}

/**
 * The same group commit for asynchronous work (the engine-neutral `Store`, lib/storage/sqlite/store.ts):
 * `work` runs its queries on the connection itself, inside the group's transaction, in its own
 * savepoint. Its awaits must be the database's only: a better-sqlite3 query settles at once, so a
 * group runs to its COMMIT within one turn of the event loop and no other request's code runs on
 * the connection meanwhile. A group still open when the next turn begins waited for something
 * else — other code may have run on the connection inside it — and is rolled back whole, every
 * write of it rejecting with StalledTransactionError.
 */
export function groupedAsyncTransaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return enqueue<T>(db, work, true);
}

function enqueue<T>(db: Db, work: Job['work'], async: boolean): Promise<T> {
  // Nothing but the running group's own work can run while it does (see groupedAsyncTransaction),
  // unless it stalled; then this is another request's write, which queues behind it.
  const current = executing.get(db);
  if (current && !current.stalled) return Promise.reject(new NestedGroupError());
  return new Promise<T>((resolve, reject) => {
    let queue = pending.get(db);
    if (!queue) {
      queue = [];
      pending.set(db, queue);
      setImmediate(() => flush(db));
    }
    queue.push({ work, async, resolve: resolve as (value: unknown) => void, reject });
  });
}

function flush(db: Db) {
  const queue = pending.get(db) ?? [];
  pending.delete(db);
  const previous = running.get(db) ?? Promise.resolve();
  const done = previous.then(async () => {
    for (let start = 0; start < queue.length; start += MAX_GROUP) await commit(db, queue.slice(start, start + MAX_GROUP));
  });
  running.set(db, done);
}

/**
 * Runs `work` in a savepoint of the connection's open transaction: released when it resolves,
 * rolled back to (and released) when it rejects. Savepoints nest; the name only has to be unique
 * among the open ones.
 */
export async function inSavepoint<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  const sqlite = db.$client;
  sqlite.exec(`SAVEPOINT ${name}`);
  try {
    const value = await work();
    sqlite.exec(`RELEASE ${name}`);
    return value;
  } catch (error) {
    if (sqlite.inTransaction) {
      sqlite.exec(`ROLLBACK TO ${name}`);
      sqlite.exec(`RELEASE ${name}`);
    }
    throw error;
  }
}

async function runJob(db: Db, job: Job): Promise<Outcome> {
  try {
    if (job.async) return { ok: true, value: await inSavepoint(db, 'cl2c_write', job.work as () => Promise<unknown>) };
    // A Drizzle transaction inside the open one: better-sqlite3 makes it a savepoint.
    return { ok: true, value: db.transaction(job.work) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * A group's savepoint journals stay in memory. SQLite copies each page a savepoint changes into its
 * sub-journal first, and past 64 KiB that journal is a temp file: a group of 100-entry imports
 * would send megabytes through pwrite to it, a large share of the writer's time. A group is bounded — at most MAX_GROUP writes, each a single record or a ≤ 100-entry import
 * — so its journal is too; every other transaction keeps the connection's setting (a bulk repair
 * or migration could journal far more). SQLite takes the setting when the write transaction
 * begins; changing it is cheap while the connection has no TEMP schema open, and the app never
 * opens one.
 */
async function commit(db: Db, jobs: Job[]) {
  const sqlite = db.$client;
  const outcomes: Outcome[] = [];
  const previousTempStore = sqlite.pragma('temp_store', { simple: true }) as number;
  const state = { stalled: false };
  const watch = setImmediate(() => {
    state.stalled = true;
  });
  executing.set(db, state);
  try {
    sqlite.pragma('temp_store = MEMORY');
    // IMMEDIATE: the write lock first. In the server it is free (one writer), but a second process
    // on the file (the CLI while the server runs, a test's fixture) must wait for it here, within
    // busy_timeout; a deferred group that read first could not take it once the other committed
    // ("database is locked" at once, without waiting).
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      for (const job of jobs) outcomes.push(await runJob(db, job));
      if (state.stalled) throw new StalledTransactionError();
      // The derived data of every NFT the group wrote (lib/storage/sqlite/derived-writes.ts).
      writePendingDerived(sqlite);
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
  } catch (error) {
    for (const job of jobs) job.reject(error);
    return;
  } finally {
    executing.delete(db);
    clearImmediate(watch);
    sqlite.pragma(`temp_store = ${previousTempStore}`);
  }
  jobs.forEach((job, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
  });
}
