import { describe, expect, it } from 'vitest';
import { isValidTrustedProxies, parseTrustedProxies, resolveClientAddress } from './trusted-proxies';

const trusted = parseTrustedProxies('10.0.0.0/8, ::1');

describe('resolveClientAddress', () => {
  it('an untrusted peer is the client, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('198.51.100.7', '1.2.3.4', trusted)).toBe('198.51.100.7');
    expect(resolveClientAddress('198.51.100.7', '1.2.3.4', [])).toBe('198.51.100.7');
  });
  it('behind trusted proxies: the right-most untrusted hop', () => {
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.3', trusted)).toBe('203.0.113.9');
    expect(resolveClientAddress('::1', '203.0.113.9', trusted)).toBe('203.0.113.9');
  });
  it('a trusted peer without a forwarded hop is itself the client; garbage hops stop the walk', () => {
    expect(resolveClientAddress('10.0.0.2', null, trusted)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.2', 'not-an-ip, 10.0.0.4', trusted)).toBe('10.0.0.4');
  });
  it('maps IPv4-in-IPv6 to IPv4 and keys IPv6 clients by /64', () => {
    expect(resolveClientAddress('::ffff:198.51.100.7', null, [])).toBe('198.51.100.7');
    expect(resolveClientAddress('2001:db8:1:2:aaaa::1', null, [])).toBe('2001:db8:1:2::/64');
    expect(resolveClientAddress('2001:db8:1:2:bbbb::9', null, [])).toBe('2001:db8:1:2::/64');
  });
  it('no peer at all → one "unknown" bucket', () => {
    expect(resolveClientAddress(null, '1.2.3.4', trusted)).toBe('unknown');
  });
});

describe('TRUSTED_PROXIES syntax', () => {
  it('accepts addresses and CIDR ranges, refuses anything else', () => {
    expect(isValidTrustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8')).toBe(true);
    expect(isValidTrustedProxies('localhost')).toBe(false);
    expect(isValidTrustedProxies('10.0.0.0/99')).toBe(false);
  });
});
