import { hostname } from 'node:os';
import { env } from '@/lib/env';
import type { Lookup } from '@/lib/images/fetch';
import { errorFields, log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';
import { setWebhookKick } from '@/lib/webhooks/emit';
import { isSuccess, type ClaimedDelivery, type WebhookQueue } from '@/lib/storage/webhook-queue-contract';
import { nextStep } from '@/lib/webhooks/queue';
import { openSecret, signatureHeader } from '@/lib/webhooks/secrets';
import { sendWebhook } from '@/lib/webhooks/send';

/**
 * The webhook delivery worker. Each pass CLAIMS due deliveries from the engine's queue
 * (lib/webhooks/queue.ts: a lease per row, and on PostgreSQL `FOR UPDATE SKIP LOCKED`, so several
 * instances never claim one row at once) and logs the attempt (IN_FLIGHT) in the same
 * transaction, before any network I/O. Then it sends, outside any transaction, and records the
 * answer. A crash between the two leaves an IN_FLIGHT attempt and a lease that expires; the next
 * claim marks that attempt INTERRUPTED and makes a new one, so every HTTP request made is one
 * logged attempt. Delivery is at least once: a receiver deduplicates by `webhook-id`.
 */
const BATCH = 10;

/** The Standard Webhooks headers; during a rotation's overlap both secrets sign. */
export function signedHeaders(c: Pick<ClaimedDelivery, 'eventId' | 'payload' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, at: Date) {
  const secrets = [openSecret(c.secret)];
  if (c.previousSecret && c.previousSecretExpiresAt && c.previousSecretExpiresAt.getTime() > at.getTime()) secrets.push(openSecret(c.previousSecret));
  return {
    'webhook-id': c.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, c.eventId, at, c.payload),
  };
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
export async function runWebhookWorkerOnce(queue: WebhookQueue, opts: WebhookPassOptions = {}): Promise<{ attempted: number; delivered: number }> {
  const workerId = opts.workerId ?? defaultWorkerId;
  const now = () => opts.now ?? new Date();
  const claimed = await queue.claimDue(workerId, now(), opts.leaseMs ?? env().WEBHOOKS_LEASE_MS, BATCH);
  let delivered = 0;
  await Promise.all(
    claimed.map(async (c) => {
      const result = await sendWebhook(c.url, signedHeaders(c, new Date()), c.payload, { lookup: opts.lookup });
      const next = nextStep(c.attempt, result, now(), opts.random);
      await queue.finishAttempt(workerId, c, result, next, now());
      if (next.status === 'FAILED' && next.disableEndpoint) log('warn', 'webhook endpoint disabled: 410 Gone', { deliveryId: c.deliveryId });
      if (isSuccess(result)) delivered += 1;
    }),
  );
  return { attempted: claimed.length, delivered };
}

const defaultWorkerId = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
const workerSlot = runtimeSlot<{ timer: NodeJS.Timeout; stop: () => Promise<void> }>('webhookWorker');

/** Starts the worker once per process: a pass at once, on every poll, and soon after each recorded event. */
export function startWebhookWorker(queue: WebhookQueue, pollMs = env().WEBHOOKS_POLL_MS) {
  if (workerSlot.get()) return;
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
          const report = await runWebhookWorkerOnce(queue);
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
  workerSlot.set({
    timer,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      setWebhookKick(undefined);
      await running;
      // Nothing is in flight now; a lease left behind would only delay another instance.
      await queue.release(defaultWorkerId, new Date()).catch((error: unknown) => log('warn', 'webhook leases not released', errorFields(error)));
    },
  });
  tick();
}

export function stopWebhookWorker(): Promise<void> {
  const w = workerSlot.get();
  workerSlot.set(undefined);
  return w?.stop() ?? Promise.resolve();
}
