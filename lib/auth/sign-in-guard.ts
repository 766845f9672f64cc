import { eq } from 'drizzle-orm';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { auditEvents, users } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import { findAdminMembership } from './admin';
import { limiterFor } from '@/lib/storage/rate-limiters';

/**
 * Sign-in throttling (docs/security.md). Three budgets (rate-limiter-flexible; in memory on SQLite,
 * in the database on PostgreSQL, so a lock earned at one instance holds at every other:
 * lib/storage/rate-limiters.ts), each entry expiring on its own:
 *
 * 1. Per client address, all accounts: SIGNIN_MAX_PER_MINUTE attempts a minute → 429.
 * 2. Per account AND address: after FREE_FAILURES consecutive failures the pair backs off
 *    30 s, 60 s, 120 s … up to 15 min per further failure; a success resets it. This is what an
 *    attacker at one address meets, and it never touches the victim at any other address.
 * 3. Per account, all addresses (distributed guessing): ACCOUNT_FAILURES failures within an hour
 *    lock the account for 15 min — except for addresses that signed in to it successfully in
 *    the last 20 days, so the owner is not locked out by someone else's guessing. One address
 *    cannot reach this threshold alone (budget 2 allows it only ~13 failures an hour).
 * Every lock ends by time; the 429 names the wait (Retry-After and the message).
 */
export const FREE_FAILURES = 5;
export const ACCOUNT_FAILURES = 50;
const BACKOFF_BASE_S = 30;
const BACKOFF_MAX_S = 15 * 60;
const HOUR = 60 * 60;
// 20 days: the library keeps a timer per entry, and Node timers cannot exceed 2^31 ms (~24.8 days).
const KNOWN_ADDRESS_S = 20 * 24 * HOUR;

type Limiters = {
  address: RateLimiterAbstract;
  pairFailures: RateLimiterAbstract;
  pairLock: RateLimiterAbstract;
  accountFailures: RateLimiterAbstract;
  accountLock: RateLimiterAbstract;
  known: RateLimiterAbstract;
};

async function limiters(): Promise<Limiters> {
  const [address, pairFailures, pairLock, accountFailures, accountLock, known] = await Promise.all([
    limiterFor({ keyPrefix: 'signin-addr', points: env().SIGNIN_MAX_PER_MINUTE, duration: 60 }),
    limiterFor({ keyPrefix: 'signin-pair', points: 1_000_000, duration: HOUR }),
    limiterFor({ keyPrefix: 'signin-pair-lock', points: 1, duration: BACKOFF_MAX_S }),
    limiterFor({ keyPrefix: 'signin-acct', points: 1_000_000, duration: HOUR }),
    limiterFor({ keyPrefix: 'signin-acct-lock', points: 1, duration: BACKOFF_MAX_S }),
    limiterFor({ keyPrefix: 'signin-known', points: 1_000_000, duration: KNOWN_ADDRESS_S }),
  ]);
  return { address, pairFailures, pairLock, accountFailures, accountLock, known };
}

export type SignInVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: 'address' | 'account' };

/** Seconds left on a lock entry (blocked via `block`), or 0. */
async function lockedFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await limiter.get(key);
  // Expired entries linger until their timer fires; judge by the clock, not by presence.
  if (!res || res.consumedPoints <= 1 || res.msBeforeNext <= 0) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Call before checking the password; counts the attempt against the address budget. */
export async function checkSignIn(email: string, address: string): Promise<SignInVerdict> {
  const l = await limiters();
  try {
    await l.address.consume(address);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { allowed: false, reason: 'address', retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  }
  const pair = `${email}|${address}`;
  const pairWait = await lockedFor(l.pairLock, pair);
  if (pairWait > 0) return { allowed: false, reason: 'account', retryAfterSeconds: pairWait };
  const accountWait = await lockedFor(l.accountLock, email);
  if (accountWait > 0 && !(await l.known.get(pair))) {
    return { allowed: false, reason: 'account', retryAfterSeconds: accountWait };
  }
  return { allowed: true };
}

/** After a wrong password: counts it and starts/extends the back-off. Returns the new lock, if any. */
export async function recordSignInFailure(email: string, address: string): Promise<number> {
  const l = await limiters();
  const pair = `${email}|${address}`;
  const pairCount = (await l.pairFailures.penalty(pair, 1)).consumedPoints;
  const accountCount = (await l.accountFailures.penalty(email, 1)).consumedPoints;
  let lockSeconds = 0;
  if (pairCount >= FREE_FAILURES) {
    lockSeconds = Math.min(BACKOFF_MAX_S, BACKOFF_BASE_S * 2 ** (pairCount - FREE_FAILURES));
    await l.pairLock.block(pair, lockSeconds);
  }
  if (accountCount === ACCOUNT_FAILURES) {
    await l.accountLock.block(email, BACKOFF_MAX_S);
    lockSeconds = Math.max(lockSeconds, BACKOFF_MAX_S);
  }
  return lockSeconds;
}

/** After a correct password: the pair starts afresh and the address is remembered for the account. */
export async function recordSignInSuccess(email: string, address: string): Promise<void> {
  const l = await limiters();
  const pair = `${email}|${address}`;
  await l.pairFailures.delete(pair);
  await l.pairLock.delete(pair);
  await l.known.set(pair, 1, KNOWN_ADDRESS_S);
}

/**
 * Audit trail of failed and locked sign-ins, in the organization the account administers (an
 * e-mail that is no admin is only logged, so guessing addresses cannot fill the audit table).
 */
export async function auditSignIn(
  action: 'auth.sign_in_failed' | 'auth.sign_in_locked',
  email: string,
  address: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const store = await getStore();
  const [user] = await store.select({ id: users.id }).from(users).where(eq(users.email, email));
  const membership = user ? await findAdminMembership(store, user.id) : null;
  if (!user || !membership) {
    log('warn', action, { address, knownAccount: false });
    return;
  }
  await store
    .insert(auditEvents)
    .values({
      organizationId: membership.organizationId,
      actorType: 'system',
      actorId: null,
      action,
      entityType: 'user',
      entityId: user.id,
      data: { email, clientAddress: address, ...data },
    });
}

/**
 * Budgets of the password-link flow (docs/security.md), kept like the sign-in budgets:
 * asking for a link — RESET_REQUESTS_PER_ADDRESS per client address and RESET_REQUESTS_PER_EMAIL
 * per e-mail address, each per RESET_WINDOW_S, counted whether or not the address has an account
 * (so a 429 says nothing about it either) — and setting a password with a link, per client address.
 */
export const RESET_WINDOW_S = 15 * 60;
export const RESET_REQUESTS_PER_ADDRESS = 10;
export const RESET_REQUESTS_PER_EMAIL = 3;
export const RESET_ATTEMPTS_PER_ADDRESS = 20;

function resetLimiter(keyPrefix: string, points: number): Promise<RateLimiterAbstract> {
  return limiterFor({ keyPrefix, points, duration: RESET_WINDOW_S });
}

async function spend(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  }
}

/** Before asking for a password link (`email` '' when the body had none): seconds to wait, or 0. */
export async function checkPasswordLinkRequest(email: string, address: string): Promise<number> {
  const addressWait = await spend(await resetLimiter('reset-req-addr', RESET_REQUESTS_PER_ADDRESS), address);
  if (addressWait > 0 || !email) return addressWait;
  return spend(await resetLimiter('reset-req-email', RESET_REQUESTS_PER_EMAIL), email);
}

/** Before setting a password with a link: seconds to wait, or 0. */
export async function checkPasswordLinkUse(address: string): Promise<number> {
  return spend(await resetLimiter('reset-set-addr', RESET_ATTEMPTS_PER_ADDRESS), address);
}
