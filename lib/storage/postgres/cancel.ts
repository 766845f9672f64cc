import type pg from 'pg';
import { abortReason, currentReadSignal } from '../read-signal';

type Query = pg.Pool['query'];

/**
 * Makes `pool.query` stop a read whose client went away (lib/storage/read-signal.ts): a statement
 * issued under an aborted signal is not sent, and one running when the signal aborts is cancelled
 * on the server (`pg_cancel_backend` of its connection), so an abandoned search stops costing the
 * server at once instead of running to its end. Statements outside a read's scope (every write, a
 * transaction's statements, which run on a client of their own) are untouched.
 *
 * The cancel is sent while the statement's connection is still checked out, and the connection goes
 * back to the pool only once the cancel has been delivered: it can never reach a later statement
 * of another request (a backend that is already idle ignores it).
 */
export function cancelReadsOnAbort(pool: pg.Pool): void {
  const plain: Query = pool.query.bind(pool);
  const query = (...args: unknown[]) => {
    const signal = currentReadSignal();
    // Callback form (no caller here uses it) and statements outside a read: as pg does.
    if (!signal || typeof args[args.length - 1] === 'function') return (plain as (...a: unknown[]) => unknown)(...args);
    return cancellable(pool, plain, signal, args);
  };
  pool.query = query as Query;
}

async function cancellable(pool: pg.Pool, plain: Query, signal: AbortSignal, args: unknown[]) {
  if (signal.aborted) throw abortReason(signal);
  const client = await pool.connect();
  // The server process behind the connection (pg sets it at connect; its types leave it out).
  const backend = (client as unknown as { processID: number }).processID;
  const sent: { cancel?: Promise<unknown> } = {};
  const cancel = () => {
    sent.cancel = plain('select pg_cancel_backend($1)', [backend]).catch(() => {});
  };
  try {
    if (signal.aborted) throw abortReason(signal);
    signal.addEventListener('abort', cancel, { once: true });
    return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
  } finally {
    signal.removeEventListener('abort', cancel);
    if (sent.cancel) await sent.cancel;
    client.release();
  }
}
