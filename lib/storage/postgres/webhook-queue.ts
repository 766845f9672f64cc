import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema-pg';
import { attemptOutcome, INTERRUPTED_ERROR, type ClaimedDelivery, type WebhookQueue } from '@/lib/storage/webhook-queue-contract';
import type { PgDb } from './connection';

/**
 * PostgreSQL's webhook queue, for several instances on one database. The claim selects due rows
 * `FOR UPDATE OF webhook_deliveries SKIP LOCKED`: two instances claiming at the same moment take
 * disjoint rows instead of waiting on (or double-claiming) each other's; the lease then keeps the
 * row off every other worker until the answer is recorded or the lease runs out (instance killed).
 */
export function postgresWebhookQueue(db: PgDb): WebhookQueue {
  return {
    claimDue(workerId, now, leaseMs, limit) {
      return db.transaction(async (tx) => {
        const free = or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now));
        const due = (
          await tx
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
            .where(and(eq(webhookDeliveries.status, 'PENDING'), lte(webhookDeliveries.nextAttemptAt, now), free, eq(webhookEndpoints.status, 'ENABLED')))
            .orderBy(asc(webhookDeliveries.nextAttemptAt))
            .limit(limit)
            .for('update', { of: webhookDeliveries, skipLocked: true })
        ).map((r) => r.id);
        if (!due.length) return [];
        const claimed = await tx
          .update(webhookDeliveries)
          .set({ claimedBy: workerId, leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
          .where(inArray(webhookDeliveries.id, due))
          .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts, endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId });
        await tx
          .update(webhookAttempts)
          .set({ outcome: 'INTERRUPTED', error: INTERRUPTED_ERROR, finishedAt: now })
          .where(and(inArray(webhookAttempts.deliveryId, claimed.map((c) => c.id)), eq(webhookAttempts.outcome, 'IN_FLIGHT')));
        const out: ClaimedDelivery[] = [];
        for (const c of claimed) {
          const [attempt] = await tx
            .insert(webhookAttempts)
            .values({ deliveryId: c.id, endpointId: c.endpointId, number: c.attempts, workerId, startedAt: now })
            .returning({ id: webhookAttempts.id });
          const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, c.endpointId));
          const [event] = await tx.select({ payload: webhookEvents.payload }).from(webhookEvents).where(eq(webhookEvents.id, c.eventId));
          out.push({
            deliveryId: c.id,
            attemptId: attempt!.id,
            attempt: c.attempts,
            url: endpoint!.url,
            secret: endpoint!.secret,
            previousSecret: endpoint!.previousSecret,
            previousSecretExpiresAt: endpoint!.previousSecretExpiresAt,
            eventId: c.eventId,
            payload: event!.payload,
          });
        }
        return out;
      });
    },

    async finishAttempt(workerId, c, result, next, now) {
      const outcome = attemptOutcome(result);
      await db.transaction(async (tx) => {
        await tx
          .update(webhookAttempts)
          .set({ ...outcome, finishedAt: now })
          .where(and(eq(webhookAttempts.id, c.attemptId), eq(webhookAttempts.outcome, 'IN_FLIGHT')));
                const done = { claimedBy: null, leaseUntil: null, lastStatusCode: outcome.statusCode, lastError: outcome.error, status: next.status };
        const [updated] = await tx
          .update(webhookDeliveries)
          .set(next.status === 'SUCCEEDED' ? { ...done, deliveredAt: now } : next.status === 'PENDING' ? { ...done, nextAttemptAt: next.nextAttemptAt } : done)
          .where(and(eq(webhookDeliveries.id, c.deliveryId), eq(webhookDeliveries.claimedBy, workerId)))
          .returning({ endpointId: webhookDeliveries.endpointId });
        if (updated && next.status === 'FAILED' && next.disableEndpoint) {
          await tx.update(webhookEndpoints).set({ status: 'DISABLED', disabledReason: next.disableEndpoint }).where(eq(webhookEndpoints.id, updated.endpointId));
        }
      });
    },

    release(workerId, now) {
      return db.transaction(async (tx) => {
        const mine = (
          await tx
            .update(webhookDeliveries)
            .set({ claimedBy: null, leaseUntil: null, nextAttemptAt: now })
            .where(and(eq(webhookDeliveries.claimedBy, workerId), eq(webhookDeliveries.status, 'PENDING')))
            .returning({ id: webhookDeliveries.id })
        ).map((r) => r.id);
        if (mine.length) {
          await tx
            .update(webhookAttempts)
            .set({ outcome: 'INTERRUPTED', error: INTERRUPTED_ERROR, finishedAt: now })
            .where(and(inArray(webhookAttempts.deliveryId, mine), eq(webhookAttempts.outcome, 'IN_FLIGHT')));
        }
        return mine.length;
      });
    },
  };
}
