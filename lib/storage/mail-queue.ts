import { getDb } from '@/db/client';
import type { MailQueue } from '@/lib/mail/queue';
import { getStore } from './current';
import { processEngine } from './engine';
import type { PgDb } from './postgres/connection';
import { postgresMailQueue } from './postgres/mail-queue';
import { postgresDbOf } from './postgres/store';
import { sqliteMailQueue } from './sqlite/mail-queue';

/** The outgoing mail queue of the engine this process runs on (lib/mail/queue.ts). */
export async function processMailQueue(): Promise<MailQueue> {
  if (processEngine() === 'sqlite') return sqliteMailQueue(getDb());
  // The store of the process is the pool itself, never a transaction.
  return postgresMailQueue(postgresDbOf(await getStore()) as PgDb);
}
