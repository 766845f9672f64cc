import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { OutboxEmail } from '@/db/schema';
import { outboxEmails } from '@/lib/storage/tables';
import { insertRows } from '@/lib/storage/row-batch';
import type { Store } from '@/lib/storage/store';
import { env } from '@/lib/env';
import { envelope } from '@/lib/shared/query';
import { matchesSearch } from '@/lib/storage/like';
import type { ListOutboxQuery } from './schemas';

export type QueuedEmail = {
  organizationId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
};

/** The PENDING outbox rows of `mails`, one id each, in input order. */
function mailRows(mails: QueuedEmail[], at = new Date()) {
  return mails.map((mail) => ({ id: crypto.randomUUID(), organizationId: mail.organizationId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, at }));
}

/**
 * Writes mails to the outbox, ids in input order, on either engine. Call it inside the transaction
 * of the change that causes them, so a change never exists without its mail; delivery happens after
 * commit (lib/mail/worker.ts). One statement (insertRows): a bulk import queues a hundred at once.
 */
export async function queueEmailsIn(tx: Store, mails: QueuedEmail[]): Promise<string[]> {
  const rows = mailRows(mails);
  await insertRows(
    tx,
    outboxEmails,
    rows.map(({ at, ...row }) => ({ ...row, status: 'PENDING' as const, attempts: 0, createdAt: at, updatedAt: at })),
  );
  return rows.map((row) => row.id);
}

/** One mail; see queueEmailsIn. */
export async function queueEmailIn(tx: Store, mail: QueuedEmail): Promise<string> {
  return (await queueEmailsIn(tx, [mail]))[0]!;
}

/** Links to the invitation and copyright authorization pages found in a mail's text (the Outbox page shows them). */
export function invitationLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+\/(?:invite|copyright)\/[A-Za-z0-9_-]+/g) ?? [])];
}

const LINK_TOKEN = /(https?:\/\/[^\s<>"]+\/(?:invite|copyright)\/)([A-Za-z0-9_-]+)/g;

/**
 * A mail's text with every invitation/copyright link's token replaced by a note carrying only the
 * token's SHA-256 (the hash the database keys the link by; issue 26 finding 4). Links are secrets
 * of their recipients: once SMTP has them on their way, nobody reads them here again.
 */
export function redactLinks(text: string): string {
  return text.replace(LINK_TOKEN, (_m, base: string, token: string) => `${base}[removed after delivery; token sha256 ${createHash('sha256').update(token, 'utf8').digest('hex')}]`);
}

export type OutboxItem = Omit<OutboxEmail, 'organizationId' | 'nextAttemptAt' | 'claimedBy' | 'leaseUntil'> & {
  nextAttemptAt: Date | null;
  links: string[];
  linkNotice: string | null;
};

/**
 * What an admin may see of a mail. With SMTP configured the mail goes to its recipient, so links
 * are never shown (also before delivery). Without SMTP the Outbox is the only way a link leaves
 * the system: it shows them, marked as undelivered and for the recipient only.
 */
function toItem(row: OutboxEmail, smtp: boolean): OutboxItem {
  // Which instance holds a mail is the workers' business (lib/mail/queue.ts), not the page's.
  const { organizationId: _org, claimedBy: _by, leaseUntil: _until, ...rest } = row;
  const links = invitationLinks(row.text);
  if (smtp) {
    return { ...rest, text: redactLinks(row.text), html: row.html === null ? null : redactLinks(row.html), links: [], linkNotice: links.length ? 'Links are delivered only to the recipient.' : null };
  }
  return {
    ...rest,
    links,
    linkNotice: links.length ? `Not delivered (no SMTP configured). The link is for ${row.to} only: pass it to them and nobody else — it is their proof of who they are.` : null,
  };
}

/** The organization's mails, newest first (the console's dev mail viewer). */
export async function listOutbox(store: Store, organizationId: string, q: ListOutboxQuery) {
  const conditions: SQL[] = [eq(outboxEmails.organizationId, organizationId)];
  if (q.status) conditions.push(eq(outboxEmails.status, q.status));
  if (q.search) {
    conditions.push(matchesSearch(q.search, [outboxEmails.to, outboxEmails.subject]));
  }
  const where = and(...conditions);
  const [counted] = await store.select({ n: count() }).from(outboxEmails).where(where);
  const total = Number(counted?.n ?? 0);
  const ids = (
    await store
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(where)
      .orderBy(...(q.sortOrder === 'asc' ? [asc(outboxEmails.createdAt), asc(outboxEmails.id)] : [desc(outboxEmails.createdAt), desc(outboxEmails.id)]))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
  ).map((r) => r.id);
  const rows = ids.length ? await store.select().from(outboxEmails).where(inArray(outboxEmails.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return envelope(
    ids.map((id) => toItem(byId.get(id)!, Boolean(env().SMTP_URL))),
    { page: q.page, limit: q.limit, total },
    { search: q.search, status: q.status ?? null, sortBy: q.sortBy, sortOrder: q.sortOrder },
  );
}
