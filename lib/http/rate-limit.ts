import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { env } from '@/lib/env';
import { RateLimitedError } from '@/lib/errors';
import { limiterFor as budgetLimiter } from '@/lib/storage/rate-limiters';

/**
 * The one request limiter of both API families and the public link routes (rate-limiter-flexible;
 * counted in memory on SQLite, in the database on PostgreSQL so that every instance spends the
 * same budget: lib/storage/rate-limiters.ts). Budgets per fixed minute:
 * - `address`: per client address (lib/http/client-address.ts), RATE_LIMIT_PER_MINUTE requests that
 *   FAIL authentication (bad key, unknown link …). It is checked before authentication, so a flood
 *   of bad keys is throttled, but a request that authenticates never spends it: tenants behind one
 *   address (a proxy, TRUSTED_PROXIES unset) cannot spend each other's budget (issue 26 finding 6).
 * - `caller`: per API key or signed-in admin, RATE_LIMIT_PER_MINUTE, after authentication;
 * - `tenant`: per organization, TENANT_RATE_LIMIT_PER_MINUTE, after authentication: all of one
 *   organization's keys and admins together.
 * The store stays bounded: each entry expires when its minute ends (memory: deleted by its timer;
 * PostgreSQL: deleted by the limiter's periodic sweep).
 */
export type RateLimitScope = 'address' | 'caller' | 'tenant';

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

const WINDOW_SECONDS = 60;
function limiterFor(scope: RateLimitScope, points: number): Promise<RateLimiterAbstract> {
  return budgetLimiter({ keyPrefix: scope, points, duration: WINDOW_SECONDS, fastCommit: true });
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

function limitOf(scope: RateLimitScope): number {
  const e = env();
  return scope === 'tenant' ? (e.TENANT_RATE_LIMIT_PER_MINUTE ?? 5 * e.RATE_LIMIT_PER_MINUTE) : e.RATE_LIMIT_PER_MINUTE;
}

/** Counts one request against `key`'s budget; throws 429 (Retry-After + RateLimit-*) when spent. */
export async function enforceRateLimit(scope: RateLimitScope, key: string): Promise<RateLimitState> {
  const limit = limitOf(scope);
  try {
    return stateOf(limit, await (await limiterFor(scope, limit)).consume(key));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const state = stateOf(limit, rejection);
    throw new RateLimitedError(state.resetSeconds, rateLimitHeaders(state));
  }
}

/**
 * Before authentication: 429 when the address has spent its budget of failed requests, without
 * counting this request (only a failure counts: chargeAddressFailure).
 */
export async function checkAddressBudget(address: string): Promise<RateLimitState> {
  const limit = limitOf('address');
  const res = await (await limiterFor('address', limit)).get(address);
  if (!res || res.msBeforeNext <= 0) return { limit, remaining: limit, resetSeconds: WINDOW_SECONDS };
  const state = { limit, remaining: Math.max(0, limit - res.consumedPoints), resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  if (res.consumedPoints >= limit) throw new RateLimitedError(state.resetSeconds, rateLimitHeaders(state));
  return state;
}

/** A request from `address` failed authentication (or named an unknown link): it spends one point. */
export async function chargeAddressFailure(address: string): Promise<void> {
  try {
    await (await limiterFor('address', limitOf('address'))).consume(address);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
  }
}

/** After authentication: one request against the key/admin's budget and the organization's. */
export async function enforceCallerLimits(callerKey: string, organizationId: string): Promise<RateLimitState> {
  const tenant = await enforceRateLimit('tenant', organizationId);
  const caller = await enforceRateLimit('caller', callerKey);
  return tenant.remaining < caller.remaining ? tenant : caller;
}

/** Copies the limiter's headers onto a response (never overriding ones the handler set). */
export function applyRateLimitHeaders(res: Response, state: RateLimitState | null): Response {
  if (!state) return res;
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) {
    if (!res.headers.has(name)) res.headers.set(name, value);
  }
  return res;
}
