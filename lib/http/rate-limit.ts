import { env } from '@/lib/env';
import { RateLimitedError } from '@/lib/errors';

const windows = new Map<string, { start: number; count: number }>();

/** Fixed one-minute window per caller; throws 429 with Retry-After when exceeded. */
export function enforceRateLimit(callerId: string, now = Date.now()) {
  const limit = env().RATE_LIMIT_PER_MINUTE;
  const current = windows.get(callerId);
  if (!current || now - current.start >= 60_000) {
    windows.set(callerId, { start: now, count: 1 });
    return;
  }
  current.count += 1;
  if (current.count > limit) {
    throw new RateLimitedError(Math.max(1, Math.ceil((current.start + 60_000 - now) / 1000)));
  }
}
