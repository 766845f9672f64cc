import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { env } from '@/lib/env';
import { RateLimitedError } from '@/lib/errors';

/**
 * The one request limiter of both API families and the public invitation routes
 * (rate-limiter-flexible, in memory). Every budget is RATE_LIMIT_PER_MINUTE per fixed minute:
 * - `address`: per client address (lib/http/client-address.ts), BEFORE authentication, so a flood
 *   of bad keys is throttled too;
 * - `caller`: per API key or signed-in admin, after authentication.
 * Memory stays bounded: each entry expires (and is deleted by its timer) when its minute ends, so
 * the store holds at most the callers seen in the last minute.
 */
export type RateLimitScope = 'address' | 'caller';

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

const WINDOW_SECONDS = 60;
const limiters = new Map<string, RateLimiterMemory>();

function limiterFor(scope: RateLimitScope, points: number): RateLimiterMemory {
  const id = `${scope}:${points}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: scope, points, duration: WINDOW_SECONDS });
    limiters.set(id, limiter);
  }
  return limiter;
}

function stateOf(limit: number, res: RateLimiterRes): RateLimitState {
  return {
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** Standard headers (IETF draft "RateLimit header fields for HTTP"): limit, remaining, reset. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
    'RateLimit-Policy': `${state.limit};w=${WINDOW_SECONDS}`,
  };
}

/** Counts one request against `key`'s budget; throws 429 (Retry-After + RateLimit-*) when spent. */
export async function enforceRateLimit(scope: RateLimitScope, key: string): Promise<RateLimitState> {
  const limit = env().RATE_LIMIT_PER_MINUTE;
  try {
    return stateOf(limit, await limiterFor(scope, limit).consume(key));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const state = stateOf(limit, rejection);
    throw new RateLimitedError(state.resetSeconds, rateLimitHeaders(state));
  }
}

/** Copies the limiter's headers onto a response (never overriding ones the handler set). */
export function applyRateLimitHeaders(res: Response, state: RateLimitState | null): Response {
  if (!state) return res;
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) {
    if (!res.headers.has(name)) res.headers.set(name, value);
  }
  return res;
}
