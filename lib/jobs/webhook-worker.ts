import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import { env } from '@/lib/env';
import type { Lookup } from '@/lib/images/fetch';
import { errorFields, log } from '@/lib/logger';
import { setWebhookKick } from '@/lib/webhooks/emit';
import { openSecret, signatureHeader } from '@/lib/webhooks/secrets';
import { sendWebhook, type SendResult } from '@/lib/webhooks/send';

/**
 * The webhook delivery worker. Each pass CLAIMS due deliveries — one UPDATE that writes
 * claimed_by and lease_until on rows that are PENDING, due, and not leased (or whose lease ran
 * out: their worker died) — and logs the attempt (IN_FLIGHT) in the same transaction, before any
 * network I/O. Then it sends, outside any transaction, and records the answer. A crash between
 * the two leaves an IN_FLIGHT attempt and a lease that expires; the next claim marks that attempt
 * INTERRUPTED and makes a new one, so every HTTP request made is one logged attempt.
 *
 * On PostgreSQL the claim is the same statement with `FOR UPDATE SKIP LOCKED` in its sub-select,
 * so several instances never claim one row at once; SQLite has one writer, and the lease alone
 * does the job. Delivery is at least once: a receiver deduplicates by `webhook-id`.
 */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
/** The first attempt plus one per entry of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
const JITTER = 0.1;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
const BATCH = 10;

/**
 * Milliseconds until the next attempt after `attempts` failed ones, or null when none is left.
 * ±10 % jitter spreads a burst of failures; a Retry-After longer than the schedule wins.
 */
export function retryDelay(attempts: number, retryAfterSeconds: number | null, random = Math.random): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_SCHEDULE_MS[attempts - 1]!;
  const scheduled = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  if (retryAfterSeconds === null) return scheduled;
  return Math.max(scheduled, Math.min(retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS));
}

type Claimed = {
  deliveryId: string;
  attemptId: string;
  attempt: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  eventId: string;
  payload: string;
};

/** Claims up to `limit` due deliveries for `workerId` and logs their attempts, in one transaction. */
export function claimDue(db: Db, workerId: string, now: Date, leaseMs: number, limit = BATCH): Claimed[] {
  return db.transaction((tx) => {
    const free = or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now));
    const due = tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, 'PENDING'), lte(webhookDeliveries.nextAttemptAt, now), free, eq(webhookEndpoints.status, 'ENABLED')))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .all()
      .map((r) => r.id);
    if (!due.length) return [];
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const claimed = tx
      .update(webhookDeliveries)
      .set({ claimedBy: workerId, leaseUntil, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(and(inArray(webhookDeliveries.id, due), eq(webhookDeliveries.status, 'PENDING'), free))
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts, endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId })
      .all();
    if (!claimed.length) return [];
    // An attempt still IN_FLIGHT belonged to a worker whose lease ran out: it died mid-request.
    tx.update(webhookAttempts)
      .set({ outcome: 'INTERRUPTED', error: 'the worker stopped before the answer was recorded', finishedAt: now })
      .where(and(inArray(webhookAttempts.deliveryId, claimed.map((c) => c.id)), eq(webhookAttempts.outcome, 'IN_FLIGHT')))
      .run();
    const out: Claimed[] = [];
    for (const c of claimed) {
      const attempt = tx
        .insert(webhookAttempts)
        .values({ deliveryId: c.id, endpointId: c.endpointId, number: c.attempts, workerId, startedAt: now })
        .returning({ id: webhookAttempts.id })
        .get();
      const endpoint = tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, c.endpointId)).get()!;
      const event = tx.select({ payload: webhookEvents.payload }).from(webhookEvents).where(eq(webhookEvents.id, c.eventId)).get()!;
      out.push({
        deliveryId: c.id,
        attemptId: attempt.id,
        attempt: c.attempts,
        url: endpoint.url,
        secret: endpoint.secret,
        previousSecret: endpoint.previousSecret,
        previousSecretExpiresAt: endpoint.previousSecretExpiresAt,
        eventId: c.eventId,
        payload: event.payload,
      });
    }
    return out;
  });
}

/** The Standard Webhooks headers; during a rotation's overlap both secrets sign. */
export function signedHeaders(c: Pick<Claimed, 'eventId' | 'payload' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, at: Date) {
  const secrets = [openSecret(c.secret)];
  if (c.previousSecret && c.previousSecretExpiresAt && c.previousSecretExpiresAt.getTime() > at.getTime()) secrets.push(openSecret(c.previousSecret));
  return {
    'webhook-id': c.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, c.eventId, at, c.payload),
  };
}

/** Records one attempt's answer and decides the delivery's next step (only while we hold the lease). */
export function finishAttempt(db: Db, workerId: string, c: Claimed, result: SendResult, now: Date, random = Math.random) {
  const ok = result.statusCode >= 200 && result.statusCode < 300;
  const gone = result.statusCode === 410;
  db.transaction((tx) => {
    tx.update(webhookAttempts)
      .set({
        outcome: ok ? 'SUCCEEDED' : 'FAILED',
        statusCode: result.statusCode || null,
        latencyMs: result.latencyMs,
        responseExcerpt: result.responseExcerpt,
        error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
        finishedAt: now,
      })
      .where(and(eq(webhookAttempts.id, c.attemptId), eq(webhookAttempts.outcome, 'IN_FLIGHT')))
      .run();
    const mine = and(eq(webhookDeliveries.id, c.deliveryId), eq(webhookDeliveries.claimedBy, workerId));
    const common = { claimedBy: null, leaseUntil: null, lastStatusCode: result.statusCode || null, lastError: ok ? null : (result.error ?? `HTTP ${result.statusCode}`) };
    if (ok) {
      tx.update(webhookDeliveries).set({ ...common, status: 'SUCCEEDED', deliveredAt: now }).where(mine).run();
      return;
    }
    if (gone) {
      tx.update(webhookDeliveries).set({ ...common, status: 'FAILED' }).where(mine).run();
      const endpointId = tx.select({ id: webhookDeliveries.endpointId }).from(webhookDeliveries).where(eq(webhookDeliveries.id, c.deliveryId)).get()?.id;
      if (endpointId) {
        tx.update(webhookEndpoints)
          .set({ status: 'DISABLED', disabledReason: `the endpoint answered 410 Gone at ${now.toISOString()}` })
          .where(eq(webhookEndpoints.id, endpointId))
          .run();
      }
      return;
    }
    const delay = retryDelay(c.attempt, result.retryAfterSeconds, random);
    if (delay === null) tx.update(webhookDeliveries).set({ ...common, status: 'FAILED' }).where(mine).run();
    else tx.update(webhookDeliveries).set({ ...common, nextAttemptAt: new Date(now.getTime() + delay) }).where(mine).run();
  });
  if (gone) log('warn', 'webhook endpoint disabled: 410 Gone', { deliveryId: c.deliveryId });
}

export type WebhookPassOptions = {
  /** The scheduling clock (tests move it); signatures always carry the real time. */
  now?: Date;
  workerId?: string;
  leaseMs?: number;
  lookup?: Lookup;
  random?: () => number;
};

/** One pass: claim what is due, send it all, record every answer. Returns how many were attempted. */
export async function runWebhookWorkerOnce(db: Db, opts: WebhookPassOptions = {}): Promise<{ attempted: number; delivered: number }> {
  const workerId = opts.workerId ?? defaultWorkerId;
  const now = () => opts.now ?? new Date();
  const claimed = claimDue(db, workerId, now(), opts.leaseMs ?? env().WEBHOOKS_LEASE_MS);
  let delivered = 0;
  await Promise.all(
    claimed.map(async (c) => {
      const result = await sendWebhook(c.url, signedHeaders(c, new Date()), c.payload, { lookup: opts.lookup });
      finishAttempt(db, workerId, c, result, now(), opts.random);
      if (result.statusCode >= 200 && result.statusCode < 300) delivered += 1;
    }),
  );
  return { attempted: claimed.length, delivered };
}

const defaultWorkerId = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
const globalForWorker = globalThis as unknown as { __cl2cWebhookWorker?: { timer: NodeJS.Timeout; stop: () => Promise<void> } };

/** Starts the worker once per process: a pass at once, on every poll, and soon after each recorded event. */
export function startWebhookWorker(pollMs = env().WEBHOOKS_POLL_MS) {
  if (globalForWorker.__cl2cWebhookWorker) return;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const report = await runWebhookWorkerOnce(getDb());
          if (report.attempted === BATCH) again = true;
        } while (again && !stopped);
      } catch (error) {
        log('error', 'webhook worker pass failed', errorFields(error));
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();
  setWebhookKick(() => setTimeout(tick, 10).unref());
  globalForWorker.__cl2cWebhookWorker = {
    timer,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      setWebhookKick(undefined);
      await running;
    },
  };
  tick();
}

export function stopWebhookWorker(): Promise<void> {
  const w = globalForWorker.__cl2cWebhookWorker;
  delete globalForWorker.__cl2cWebhookWorker;
  return w?.stop() ?? Promise.resolve();
}
