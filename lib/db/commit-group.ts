import type { Db, Tx } from '@/db/client';

type Job = { work: (tx: Tx) => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** At most this many writes share one commit. */
export const MAX_GROUP = 32;

const pending = new WeakMap<Db, Job[]>();

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
  return new Promise<T>((resolve, reject) => {
    let queue = pending.get(db);
    if (!queue) {
      queue = [];
      pending.set(db, queue);
      setImmediate(() => flush(db));
    }
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

function flush(db: Db) {
  const queue = pending.get(db) ?? [];
  pending.delete(db);
  for (let start = 0; start < queue.length; start += MAX_GROUP) commit(db, queue.slice(start, start + MAX_GROUP));
}

/**
 * A group's savepoint journals stay in memory. SQLite copies each page a savepoint changes into its
 * sub-journal first, and past 64 KiB that journal is a temp file: at a million rows a 100-entry
 * import's group sent megabytes through pwrite to it (measured: ~15 % of the writer's time under
 * A13). A group is bounded — at most MAX_GROUP writes, each a single record or a ≤ 100-entry import
 * — so its journal is too; every other transaction keeps the connection's setting (a bulk repair
 * or migration could journal far more). SQLite takes the setting when the write transaction
 * begins; changing it is cheap while the connection has no TEMP schema open, and the app never
 * opens one.
 */
function inMemoryJournals<T>(db: Db, run: () => T): T {
  const sqlite = db.$client;
  const previous = sqlite.pragma('temp_store', { simple: true }) as number;
  sqlite.pragma('temp_store = MEMORY');
  try {
    return run();
  } finally {
    sqlite.pragma(`temp_store = ${previous}`);
  }
}

function commit(db: Db, jobs: Job[]) {
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    inMemoryJournals(db, () =>
      db.transaction((tx) => {
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, value: tx.transaction(job.work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      }),
    );
  } catch (error) {
    for (const job of jobs) job.reject(error);
    return;
  }
  jobs.forEach((job, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
  });
}
