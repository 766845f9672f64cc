import { env } from '@/lib/env';
import { isTrustedAddress, parseTrustedProxies, resolveClientAddress, type TrustedRanges } from '@/lib/shared/trusted-proxies';

export { isTrustedAddress, parseTrustedProxies, resolveClientAddress, type TrustedRanges };

/**
 * The header our own server (lib/http/server.ts) sets from the TCP socket on every request,
 * overwriting anything a client sent. Route handlers cannot see the socket, so this is how the
 * peer address reaches them.
 */
export const PEER_HEADER = 'x-cl2c-peer';

let cachedRanges: { source: string | undefined; ranges: TrustedRanges } | undefined;
function trustedRanges(): TrustedRanges {
  const source = env().TRUSTED_PROXIES;
  if (!cachedRanges || cachedRanges.source !== source) cachedRanges = { source, ranges: parseTrustedProxies(source) };
  return cachedRanges.ranges;
}

/**
 * The peer as our server saw it. Under bare `next start` (not the supported way to serve, see
 * docs/security.md) Next itself puts the socket address last in X-Forwarded-For when the client
 * sent none, so that is the fallback.
 */
function peerOf(headers: Headers): string | null {
  const peer = headers.get(PEER_HEADER);
  if (peer) return peer;
  const xff = headers.get('x-forwarded-for');
  return xff ? (xff.split(',').pop() ?? null) : null;
}

/** The client address of a request (see resolveClientAddress), for limiters and the audit log. */
export function clientAddress(req: Request | Headers): string {
  const headers = req instanceof Headers ? req : req.headers;
  const ranges = trustedRanges();
  return resolveClientAddress(peerOf(headers), headers.get('x-forwarded-for'), ranges);
}

/** Whether the request reached us through a trusted proxy (then its X-Forwarded-Host/-Proto count). */
export function fromTrustedProxy(req: Request): boolean {
  const peer = peerOf(req.headers);
  return peer !== null && isTrustedAddress(peer, trustedRanges());
}

/** The host the client asked for: X-Forwarded-Host only when a trusted proxy set it. */
export function requestHost(req: Request): string {
  const forwarded = fromTrustedProxy(req) ? req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return forwarded || req.headers.get('host') || new URL(req.url).host;
}
