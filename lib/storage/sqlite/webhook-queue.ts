import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import {
  attemptOutcome,
  INTERRUPTED_ERROR,
  type ClaimedDelivery,
  type WebhookQueue,
} from '@/lib/storage/webhook-queue-contract';
import { IMMEDIATE } from './write-lock';


/**
 * SQLite's webhook queue. One writer: the claim is a plain UPDATE of rows that are PENDING, due
 * and not leased (or whose lease ran out), inside an immediate transaction — no two claims can
 * interleave, so the lease alone keeps two workers off one row.
 */
export function sqliteWebhookQueue(db: Db): WebhookQueue {
  return {
    claimDue(workerId, now, leaseMs, limit) {
      return settled(() =>
        db.transaction((tx) => {
          const free = or(
            isNull(webhookDeliveries.leaseUntil),
            lte(webhookDeliveries.leaseUntil, now),
          );
          const due = tx
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
            .where(
              and(
                eq(webhookDeliveries.status, 'PENDING'),
                lte(webhookDeliveries.nextAttemptAt, now),
                free,
                eq(webhookEndpoints.status, 'ENABLED'),
              ),
            )
            .orderBy(asc(webhookDeliveries.nextAttemptAt))
            .limit(limit)
            .all()
            .map((r) => r.id);
          if (!due.length) return [];
          const claimed = tx
            .update(webhookDeliveries)
            .set({
              claimedBy: workerId,
              leaseUntil: new Date(now.getTime() + leaseMs),
              attempts: sql`${webhookDeliveries.attempts} + 1`,
            })
            .where(
              and(
                inArray(webhookDeliveries.id, due),
                eq(webhookDeliveries.status, 'PENDING'),
                free,
              ),
            )
            .returning({
              id: webhookDeliveries.id,
              attempts: webhookDeliveries.attempts,
              endpointId: webhookDeliveries.endpointId,
              eventId: webhookDeliveries.eventId,
            })
            .all();
          if (!claimed.length) return [];
          tx.update(webhookAttempts)
            .set({ outcome: 'INTERRUPTED', error: INTERRUPTED_ERROR, finishedAt: now })
            .where(
              and(
                inArray(
                  webhookAttempts.deliveryId,
                  claimed.map((c) => c.id),
                ),
                eq(webhookAttempts.outcome, 'IN_FLIGHT'),
              ),
            )
            .run();
          return claimed.map((c): ClaimedDelivery => {
            const attempt = tx
              .insert(webhookAttempts)
              .values({
                deliveryId: c.id,
                endpointId: c.endpointId,
                number: c.attempts,
                workerId,
                startedAt: now,
              })
              .returning({ id: webhookAttempts.id })
              .get();
            const endpoint = tx
              .select()
              .from(webhookEndpoints)
              .where(eq(webhookEndpoints.id, c.endpointId))
              .get()!;
            const event = tx
              .select({ payload: webhookEvents.payload })
              .from(webhookEvents)
              .where(eq(webhookEvents.id, c.eventId))
              .get()!;
            return {
              deliveryId: c.id,
              attemptId: attempt.id,
              attempt: c.attempts,
              url: endpoint.url,
              secret: endpoint.secret,
              previousSecret: endpoint.previousSecret,
              previousSecretExpiresAt: endpoint.previousSecretExpiresAt,
              eventId: c.eventId,
              payload: event.payload,
            };
          });
        }, IMMEDIATE),
      );
    },

    finishAttempt(workerId, c, result, next, now) {
      const outcome = attemptOutcome(result);
      return settled(() =>
        db.transaction((tx) => {
          tx.update(webhookAttempts)
            .set({ ...outcome, finishedAt: now })
            .where(
              and(eq(webhookAttempts.id, c.attemptId), eq(webhookAttempts.outcome, 'IN_FLIGHT')),
            )
            .run();
          const mine = and(
            eq(webhookDeliveries.id, c.deliveryId),
            eq(webhookDeliveries.claimedBy, workerId),
          );
          const done = {
            claimedBy: null,
            leaseUntil: null,
            lastStatusCode: outcome.statusCode,
            lastError: outcome.error,
            status: next.status,
          };
          const updated = tx
            .update(webhookDeliveries)
            .set(
              next.status === 'SUCCEEDED'
                ? { ...done, deliveredAt: now }
                : next.status === 'PENDING'
                  ? { ...done, nextAttemptAt: next.nextAttemptAt }
                  : done,
            )
            .where(mine)
            .returning({ endpointId: webhookDeliveries.endpointId })
            .get();
          if (updated && next.status === 'FAILED' && next.disableEndpoint) {
            tx.update(webhookEndpoints)
              .set({ status: 'DISABLED', disabledReason: next.disableEndpoint })
              .where(eq(webhookEndpoints.id, updated.endpointId))
              .run();
          }
        }, IMMEDIATE),
      );
    },

    release(workerId, now) {
      return settled(() =>
        db.transaction((tx) => {
          const mine = tx
            .update(webhookDeliveries)
            .set({ claimedBy: null, leaseUntil: null, nextAttemptAt: now })
            .where(
              and(
                eq(webhookDeliveries.claimedBy, workerId),
                eq(webhookDeliveries.status, 'PENDING'),
              ),
            )
            .returning({ id: webhookDeliveries.id })
            .all()
            .map((r) => r.id);
          if (mine.length) {
            tx.update(webhookAttempts)
              .set({ outcome: 'INTERRUPTED', error: INTERRUPTED_ERROR, finishedAt: now })
              .where(
                and(
                  inArray(webhookAttempts.deliveryId, mine),
                  eq(webhookAttempts.outcome, 'IN_FLIGHT'),
                ),
              )
              .run();
          }
          return mine.length;
        }, IMMEDIATE),
      );
    },
  };
}

/** A synchronous SQLite transaction as the interface's promise (a throw becomes a rejection). */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
