import { outboxEmails } from '@/db/tables';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import type { Store } from '@/lib/storage/store';
import { queueEmails, type QueuedEmail } from './outbox';

/**
 * Writes mails to the outbox inside the caller's transaction, on either engine (the async twin of
 * queueEmails, for services on the Store); ids in input order. On SQLite it is queueEmails itself
 * (one prepared insert per connection: a bulk import queues a hundred) until the Outbox service
 * moves onto the Store (its owner: the Outbox, lib/mail/outbox.ts).
 */
export async function queueEmailsIn(store: Store, mails: QueuedEmail[]): Promise<string[]> {
  if (store.engine === 'sqlite') return queueEmails(sqliteDbOf(store), mails);
  if (!mails.length) return [];
  const at = new Date();
  const rows = mails.map((mail) => ({
    id: crypto.randomUUID(),
    organizationId: mail.organizationId,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    status: 'PENDING' as const,
    attempts: 0,
    createdAt: at,
    updatedAt: at,
  }));
  await store.insert(outboxEmails).values(rows);
  return rows.map((r) => r.id);
}

/** One mail; see queueEmailsIn. */
export async function queueEmailIn(store: Store, mail: QueuedEmail): Promise<string> {
  return (await queueEmailsIn(store, [mail]))[0]!;
}
