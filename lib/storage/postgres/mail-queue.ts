import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { outboxEmails } from '@/db/schema-pg';
import { stepFields, type ClaimedMail, type MailQueue } from '@/lib/storage/mail-queue-contract';
import type { PgDb } from './connection';

const lease = { claimedBy: null, leaseUntil: null, claimedAt: null } as const;

/**
 * PostgreSQL's outgoing mail queue, for several instances on one database. The claim selects due
 * rows `FOR UPDATE SKIP LOCKED`: two instances claiming at the same moment take disjoint mails
 * instead of waiting on (or double-claiming) each other's; the lease then keeps the mail off every
 * other worker until its outcome is recorded or the lease runs out (instance killed).
 */
export function postgresMailQueue(db: PgDb): MailQueue {
  return {
    claimDue(workerId, now, leaseMs, limit) {
      return db.transaction(async (tx) => {
        const ids = (
          await tx
            .select({ id: outboxEmails.id })
            .from(outboxEmails)
            .where(
              and(
                eq(outboxEmails.status, 'PENDING'),
                or(isNull(outboxEmails.nextAttemptAt), lte(outboxEmails.nextAttemptAt, now)),
                or(isNull(outboxEmails.leaseUntil), lte(outboxEmails.leaseUntil, now)),
              ),
            )
            .orderBy(asc(outboxEmails.createdAt))
            .limit(limit)
            .for('update', { skipLocked: true })
        ).map((r) => r.id);
        if (!ids.length) return [];
        // The rows are locked by this transaction: nobody changed them since the SELECT.
        const claimed = await tx
          .update(outboxEmails)
          .set({ claimedBy: workerId, claimedAt: now, leaseUntil: new Date(now.getTime() + leaseMs) })
          .where(inArray(outboxEmails.id, ids))
          .returning();
        const order = new Map(ids.map((id, i) => [id, i]));
        return claimed
          .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
          .map((m): ClaimedMail => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, attempts: m.attempts, claimedAt: now }));
      });
    },

    async finishAttempt(workerId, claimed, step) {
      const updated = await db
        .update(outboxEmails)
        .set({ ...stepFields(step), ...lease })
        .where(and(eq(outboxEmails.id, claimed.id), eq(outboxEmails.claimedBy, workerId), eq(outboxEmails.claimedAt, claimed.claimedAt)))
        .returning({ id: outboxEmails.id });
      return updated.length === 1;
    },

    async renew(workerId, now, leaseMs) {
      const renewed = await db
        .update(outboxEmails)
        .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
        .where(and(eq(outboxEmails.claimedBy, workerId), eq(outboxEmails.status, 'PENDING'), gt(outboxEmails.leaseUntil, now)))
        .returning({ id: outboxEmails.id });
      return renewed.length;
    },

    async release(workerId, now) {
      const released = await db
        .update(outboxEmails)
        .set({ ...lease, nextAttemptAt: now })
        .where(and(eq(outboxEmails.claimedBy, workerId), eq(outboxEmails.status, 'PENDING')))
        .returning({ id: outboxEmails.id });
      return released.length;
    },
  };
}
