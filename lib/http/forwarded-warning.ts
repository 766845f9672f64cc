import { log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';

/**
 * A request carried X-Forwarded-For while TRUSTED_PROXIES is unset: the server is probably behind
 * a reverse proxy nobody declared, so every client shares the proxy's address (one budget, one
 * audit address). Said in the log at most once per LOG_EVERY_MS, and in /api/ready.
 */
const LOG_EVERY_MS = 10 * 60_000;
const seen = runtimeSlot<{ lastSeenAt: number; lastLoggedAt: number }>('forwardedWarning');

export function noteUntrustedForwarded(now = Date.now()): void {
  const s = seen.getOrCreate(() => ({ lastSeenAt: 0, lastLoggedAt: 0 }));
  s.lastSeenAt = now;
  if (now - s.lastLoggedAt < LOG_EVERY_MS) return;
  s.lastLoggedAt = now;
  log('warn', 'X-Forwarded-For received but TRUSTED_PROXIES is unset: the header is ignored and clients behind the proxy share its address; set TRUSTED_PROXIES to the proxy address', {});
}

/** When the last such request was seen (ms since epoch), or null. */
export function untrustedForwardedSeenAt(): number | null {
  return seen.get()?.lastSeenAt || null;
}

/** For tests: forget what was seen. */
export function resetUntrustedForwarded(): void {
  seen.set(undefined);
}
