import { applyRateLimitHeaders, type RateLimitState } from './rate-limit';

/**
 * Last touch on every API response of both families: the limiter's RateLimit-* headers and
 * `Cache-Control: no-store` (they answer with organization data for a key or a session cookie, so
 * neither a browser nor a shared cache may keep them). A handler that set its own Cache-Control
 * keeps it.
 */
export function finishResponse(res: Response, limit: RateLimitState | null): Response {
  try {
    if (!res.headers.has('cache-control')) res.headers.set('cache-control', 'no-store');
    return applyRateLimitHeaders(res, limit);
  } catch {
    // Headers of some responses (e.g. a redirect from Response.redirect) are immutable.
    return res;
  }
}
