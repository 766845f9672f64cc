import { env } from '@/lib/env';
import { HSTS } from '@/lib/security/headers';
import { applyRateLimitHeaders, type RateLimitState } from './rate-limit';

/**
 * Last touch on every API response of both families: the limiter's RateLimit-* headers,
 * `Cache-Control: no-store` (they answer with organization data for a key or a session cookie, so
 * neither a browser nor a shared cache may keep them; a handler that set its own keeps it), and
 * HSTS when APP_URL is https — the one security header of data paths that next.config.js cannot
 * fix at build time.
 */
export function finishResponse(res: Response, limit: RateLimitState | null): Response {
  try {
    if (!res.headers.has('cache-control')) res.headers.set('cache-control', 'no-store');
    if (env().APP_URL.startsWith('https://')) res.headers.set('strict-transport-security', HSTS);
    return applyRateLimitHeaders(res, limit);
  } catch {
    // Headers of some responses (e.g. a redirect from Response.redirect) are immutable.
    return res;
  }
}

/**
 * HSTS (when APP_URL is https) on an answer outside the API families: /api/auth, /api/health,
 * /api/ready and /ipfs — next.config.js fixes data paths' headers at build time, before APP_URL is known.
 */
export function withHsts(res: Response): Response {
  try {
    if (env().APP_URL.startsWith('https://')) res.headers.set('strict-transport-security', HSTS);
  } catch {
    // Immutable headers (e.g. Response.redirect): left as they are.
  }
  return res;
}
