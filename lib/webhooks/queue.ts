import { isSuccess, type NextStep, type SendResult } from '@/lib/storage/webhook-queue-contract';

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

/** The one rule for what an answer means: 2xx delivered, 410 disables the endpoint, else retry on schedule. */
export function nextStep(attempt: number, result: SendResult, now: Date, random = Math.random): NextStep {
  if (isSuccess(result)) return { status: 'SUCCEEDED' };
  if (result.statusCode === 410) return { status: 'FAILED', disableEndpoint: `the endpoint answered 410 Gone at ${now.toISOString()}` };
  const delay = retryDelay(attempt, result.retryAfterSeconds, random);
  return delay === null ? { status: 'FAILED' } : { status: 'PENDING', nextAttemptAt: new Date(now.getTime() + delay) };
}
