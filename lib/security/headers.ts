/**
 * Security headers of every response (set by proxy.ts). Pure functions of the request path, the
 * nonce and APP_URL, so tests can check them without a server.
 */

/** Paths that answer data, not HTML: a CSP that allows nothing at all (also defuses SVG/HTML uploads). */
export function isDataPath(pathname: string): boolean {
  return /^\/(api|v1|ipfs)(\/|$)/.test(pathname) || pathname.endsWith('.json');
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

export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Headers every response gets, whatever its kind. */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Invitation links carry their token in the path: never send a page's URL elsewhere.
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** A fresh, unguessable nonce (128 bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
