import type { MailQueue } from './mail-queue-contract';
import type { PgDb } from './postgres/connection';
import { postgresMailQueue } from './postgres/mail-queue';
import { postgresDbOf } from './postgres/store';
import { sqliteDbOf } from './sqlite/store';
import { sqliteMailQueue } from './sqlite/mail-queue';
import type { Store } from './store';

/** The outgoing mail queue of the store's engine (lib/mail/queue.ts); the store is a database, not a transaction. */
export function mailQueueFor(store: Store): MailQueue {
  return store.engine === 'sqlite' ? sqliteMailQueue(sqliteDbOf(store)) : postgresMailQueue(postgresDbOf(store) as PgDb);
}
