import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { outboxEmails } from '@/db/schema';
import { log } from '@/lib/logger';
import { INTERRUPTED_MAIL_ERROR, stepFields, type ClaimedMail, type MailQueue } from '@/lib/storage/mail-queue-contract';
import { IMMEDIATE } from './write-lock';


const lease = { claimedBy: null, leaseUntil: null, claimedAt: null } as const;

/**
 * SQLite's outgoing mail queue. One writer: the claim is a SELECT and an UPDATE of rows that are
 * PENDING, due and not leased (or whose lease ran out) inside one transaction — no two claims can
 * interleave, so the lease alone keeps two workers off one mail.
 */
export function sqliteMailQueue(db: Db): MailQueue {
  return {
    claimDue(workerId, now, leaseMs, limit) {
      return settled(() =>
        db.transaction((tx) => {
          const due = and(
            eq(outboxEmails.status, 'PENDING'),
            or(isNull(outboxEmails.nextAttemptAt), lte(outboxEmails.nextAttemptAt, now)),
            or(isNull(outboxEmails.leaseUntil), lte(outboxEmails.leaseUntil, now)),
          );
          const ids = tx
            .select({ id: outboxEmails.id })
            .from(outboxEmails)
            .where(due)
            .orderBy(asc(outboxEmails.createdAt))
            .limit(limit)
            .all()
            .map((r) => r.id);
          if (!ids.length) return [];
          const claimed = tx
            .update(outboxEmails)
            .set({ claimedBy: workerId, claimedAt: now, leaseUntil: new Date(now.getTime() + leaseMs) })
            .where(and(inArray(outboxEmails.id, ids), due))
            .returning()
            .all();
          const order = new Map(ids.map((id, i) => [id, i]));
          return claimed
            .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
            .map((m): ClaimedMail => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, attempts: m.attempts, claimedAt: now }));
        }, IMMEDIATE),
      );
    },

    finishAttempt(workerId, claimed, step) {
      return settled(
        () =>
          db
            .update(outboxEmails)
            .set({ ...stepFields(step), ...lease })
            .where(and(eq(outboxEmails.id, claimed.id), eq(outboxEmails.claimedBy, workerId), eq(outboxEmails.claimedAt, claimed.claimedAt)))
            .run().changes === 1,
      );
    },

    renew(workerId, now, leaseMs) {
      return settled(
        () =>
          db
            .update(outboxEmails)
            .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
            .where(and(eq(outboxEmails.claimedBy, workerId), eq(outboxEmails.status, 'PENDING'), gt(outboxEmails.leaseUntil, now)))
            .run().changes,
      );
    },

    release(workerId, now) {
      return settled(
        () =>
          db
            .update(outboxEmails)
            .set({ ...lease, nextAttemptAt: now })
            .where(and(eq(outboxEmails.claimedBy, workerId), eq(outboxEmails.status, 'PENDING')))
            .run().changes,
      );
    },
  };
}

/**
 * On boot, before the worker starts: mails a previous process claimed but never finished (it
 * crashed or was killed mid-send) are made due now instead of waiting out their lease. Only on
 * SQLite, where the file has one process: every claim found at boot is a dead one. (On PostgreSQL
 * another live instance may hold them; there a lease simply runs out.) Returns how many.
 */
export function reconcileInterruptedMail(db: Db): number {
  const result = db
    .update(outboxEmails)
    .set({ ...lease, nextAttemptAt: null, lastError: INTERRUPTED_MAIL_ERROR })
    .where(and(eq(outboxEmails.status, 'PENDING'), or(isNotNull(outboxEmails.claimedAt), isNotNull(outboxEmails.claimedBy))))
    .run();
  if (result.changes > 0) log('warn', 'mail deliveries interrupted by a restart are due again', { count: result.changes });
  return result.changes;
}

/** A synchronous SQLite statement as the interface's promise (a throw becomes a rejection). */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
