import ipaddr from 'ipaddr.js';

/** Cloud metadata endpoints, named explicitly even where a range rule already covers them. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '169.254.170.2']);

/**
 * Why an address may not be fetched from, or null when it is a public unicast address.
 * IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 */
export function refusedAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'is not an IP address';
  }
  const normalized = parsed.toNormalizedString();
  if (METADATA_ADDRESSES.has(normalized) || METADATA_ADDRESSES.has(parsed.toString())) {
    return 'is a cloud metadata address';
  }
  const range = parsed.range();
  if (range === 'unicast') {
    if (parsed.kind() === 'ipv6') {
      // Only global unicast (2000::/3) is public; ipaddr.js calls some other blocks unicast too.
      const first = (parsed as ipaddr.IPv6).parts[0]!;
      if (first < 0x2000 || first > 0x3fff) return 'is not a public address';
    }
    return null;
  }
  const names: Record<string, string> = {
    loopback: 'is a loopback address',
    private: 'is a private-network address',
    uniqueLocal: 'is a private-network address',
    linkLocal: 'is a link-local address',
    multicast: 'is a multicast address',
    unspecified: 'is the unspecified address',
    broadcast: 'is a broadcast address',
    carrierGradeNat: 'is a shared (carrier-grade NAT) address',
  };
  return names[range] ?? `is a reserved address (${range})`;
}
