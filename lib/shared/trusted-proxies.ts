/** TRUSTED_PROXIES parsing and the client-address rule, free of any configuration. */
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
export type TrustedRanges = Range[];

/** TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (`10.0.0.0/8, ::1`); empty = none. */
export function parseTrustedProxies(value: string | undefined): Range[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const addr = ipaddr.parse(entry);
      return [addr, addr.kind() === 'ipv4' ? 32 : 128] as Range;
    });
}

/** True when `value` is a syntactically valid TRUSTED_PROXIES list (used by env validation). */
export function isValidTrustedProxies(value: string): boolean {
  try {
    parseTrustedProxies(value);
    return true;
  } catch {
    return false;
  }
}

/** Parses an address; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) becomes IPv4. Null when invalid. */
export function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const trimmed = value.trim().replace(/^\[(.*)\](?::\d+)?$/, '$1');
  if (!ipaddr.isValid(trimmed)) return null;
  return ipaddr.process(trimmed);
}

/** Whether a textual address lies in one of the trusted ranges. */
export function isTrustedAddress(value: string, trusted: Range[]): boolean {
  const addr = parseAddress(value);
  return addr !== null && isTrusted(addr, trusted);
}

function isTrusted(addr: ipaddr.IPv4 | ipaddr.IPv6, trusted: Range[]): boolean {
  return trusted.some(([range, bits]) => addr.kind() === range.kind() && addr.match(range, bits));
}

/**
 * The client address: the peer itself unless the peer is a trusted proxy; then the right-most
 * `X-Forwarded-For` hop that is not a trusted proxy (hops a client wrote itself sit further left
 * and are never reached). IPv6 clients are keyed by their /64 so one host cannot rotate through
 * its whole prefix to dodge the limiters.
 */
export function resolveClientAddress(peer: string | null, forwardedFor: string | null, trusted: Range[]): string {
  const peerAddr = peer ? parseAddress(peer) : null;
  if (!peerAddr) return 'unknown';
  let client = peerAddr;
  if (isTrusted(peerAddr, trusted) && forwardedFor) {
    const hops = forwardedFor.split(',').map((h) => h.trim()).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = parseAddress(hops[i] ?? '');
      if (!hop) break; // a garbled hop: stop at the last address we could trust
      client = hop;
      if (!isTrusted(hop, trusted)) break;
    }
  }
  return keyOf(client);
}

function keyOf(addr: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

