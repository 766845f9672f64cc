/**
 * The transaction interface both engines implement (issue 28, docs/architecture.md). A domain
 * service written against it runs unchanged on either engine:
 *
 *   await transactions.transaction(async (tx) => { …reads and writes through tx… })
 *
 * It commits when `work` settles and rolls back when it throws or rejects. On PostgreSQL `work`
 * may await (its queries run on one pooled connection inside BEGIN … COMMIT). On SQLite the
 * engine's single writer and group commit stay as they are: `work` must finish synchronously (a
 * better-sqlite3 transaction cannot wait for I/O), and an async `work` is refused — rolled back,
 * with an error saying why — instead of committing early.
 */
export interface Transactions<Tx> {
  transaction<T>(work: (tx: Tx) => T | Promise<T>): Promise<T>;
}

export type EngineKind = 'sqlite' | 'postgres';

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
