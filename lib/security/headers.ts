import fixed from './static-headers.json';

/**
 * Security headers of every response. Pages get theirs from proxy.ts (a CSP with a fresh nonce).
 * Data paths (API, /v1, /ipfs) get fixed ones, so next.config.js sets them from the same
 * static-headers.json without running the proxy (which cost ~15 % of a cheap request's time); the
 * only one that depends on APP_URL, HSTS, the API families add themselves (lib/http/response-headers.ts).
 * Pure functions of the request path, the nonce and APP_URL, so tests can check them without a server.
 */

/** Path prefixes that answer data, not HTML (next.config.js gives them DATA_CSP and the base headers). */
export const DATA_PATH_PREFIXES: readonly string[] = fixed.dataPaths;

/** Paths that answer data, not HTML: a CSP that allows nothing at all (also defuses SVG/HTML uploads). */
export function isDataPath(pathname: string): boolean {
  return DATA_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)) || pathname.endsWith('.json');
}

/**
 * The console's CSP. Scripts: only Next's own, carrying this request's nonce ('strict-dynamic'
 * lets them load their chunks); never 'unsafe-eval' in production. Styles: 'unsafe-inline'
 * because React/Next render `style` attributes and Sonner/Recharts/the API reference insert
 * <style> elements at run time; injected CSS cannot run script, and every other source stays
 * 'self'. Framing is refused ('none').
 */
export function pageCsp(nonce: string, options: { https: boolean; dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export const DATA_CSP: string = fixed.dataCsp;

/** `Strict-Transport-Security`, sent when APP_URL is https. */
export const HSTS: string = fixed.hsts;

/**
 * Headers every response gets, whatever its kind. Referrer-Policy no-referrer: invitation links
 * carry their token in the path, so a page's URL is never sent elsewhere.
 */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = { ...fixed.everywhere };
  if (https) headers['Strict-Transport-Security'] = HSTS;
  return headers;
}

/** A fresh, unguessable nonce (128 bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
