import type { SendResult } from './send';

/**
 * The webhook delivery queue as the worker (lib/jobs/webhook-worker.ts) sees it, whatever the
 * engine: claim due deliveries under a lease, record each attempt's outcome, give leases back.
 * Each engine implements it in its storage module (lib/storage/sqlite/webhook-queue.ts,
 * lib/storage/postgres/webhook-queue.ts); what an answer MEANS (retry when, disable on 410) is
 * decided here, once, by `nextStep`.
 */
export type ClaimedDelivery = {
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

/** What becomes of a delivery after an attempt. */
export type NextStep =
  | { status: 'SUCCEEDED' }
  | { status: 'FAILED'; disableEndpoint?: string }
  | { status: 'PENDING'; nextAttemptAt: Date };

export interface WebhookQueue {
  /**
   * Claims up to `limit` due deliveries of enabled endpoints for `workerId` (lease until
   * now + leaseMs) and logs an IN_FLIGHT attempt for each, in one transaction, before any network
   * I/O. An attempt left IN_FLIGHT by a worker whose lease ran out is marked INTERRUPTED.
   */
  claimDue(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]>;
  /** Records the attempt's answer and applies `next`, only while `workerId` still holds the lease. */
  finishAttempt(workerId: string, claimed: ClaimedDelivery, result: SendResult, next: NextStep, now: Date): Promise<void>;
  /** Gives back every lease `workerId` holds (shutdown): its in-flight attempts are INTERRUPTED, the deliveries due now. */
  release(workerId: string, now: Date): Promise<number>;
}

export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
/** The first attempt plus one per entry of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
const JITTER = 0.1;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

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

export const isSuccess = (result: SendResult) => result.statusCode >= 200 && result.statusCode < 300;

/** The one rule for what an answer means: 2xx delivered, 410 disables the endpoint, else retry on schedule. */
export function nextStep(attempt: number, result: SendResult, now: Date, random = Math.random): NextStep {
  if (isSuccess(result)) return { status: 'SUCCEEDED' };
  if (result.statusCode === 410) return { status: 'FAILED', disableEndpoint: `the endpoint answered 410 Gone at ${now.toISOString()}` };
  const delay = retryDelay(attempt, result.retryAfterSeconds, random);
  return delay === null ? { status: 'FAILED' } : { status: 'PENDING', nextAttemptAt: new Date(now.getTime() + delay) };
}

/** The attempt row's outcome fields for an answer. */
export function attemptOutcome(result: SendResult) {
  const ok = isSuccess(result);
  return {
    outcome: ok ? ('SUCCEEDED' as const) : ('FAILED' as const),
    statusCode: result.statusCode || null,
    latencyMs: result.latencyMs,
    responseExcerpt: result.responseExcerpt,
    error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
  };
}

export const INTERRUPTED_ERROR = 'the worker stopped before the answer was recorded';
