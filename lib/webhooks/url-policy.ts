import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { refusedAddressReason } from '@/lib/images/address-policy';
import { defaultLookup, type Lookup, type ResolvedAddress } from '@/lib/images/fetch';
import { env } from '@/lib/env';

/** An endpoint URL or address the policy refuses; the message names why. */
export class WebhookUrlRefused extends Error {}

function loopbackAllowed(): boolean {
  return env().WEBHOOKS_ALLOW_HTTP_LOOPBACK === '1';
}

function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address.replace(/^\[|\]$/g, '')).range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * The URL's own shape: https only; http only to a loopback host, and only under the test
 * setting WEBHOOKS_ALLOW_HTTP_LOOPBACK=1. No credentials in the URL.
 */
export function checkWebhookUrlShape(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlRefused('is not a valid URL');
  }
  if (url.username || url.password) throw new WebhookUrlRefused('must not contain a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:') {
    const loopbackHost = host === 'localhost' || (isIP(host) !== 0 && isLoopback(host));
    if (!loopbackAllowed() || !loopbackHost) {
      throw new WebhookUrlRefused('must use https (http is allowed only to a loopback address with WEBHOOKS_ALLOW_HTTP_LOOPBACK=1)');
    }
  } else if (url.protocol !== 'https:') {
    throw new WebhookUrlRefused(`must use https (got ${url.protocol})`);
  }
  return url;
}

/**
 * The address a delivery may connect to — the image fetcher's SSRF policy (lib/images): every
 * address the name resolves to must be public; loopback passes only under the test setting.
 * Private, link-local and cloud metadata addresses are refused always, also after DNS.
 */
export async function resolveWebhookAddress(url: URL, lookup: Lookup = defaultLookup): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new WebhookUrlRefused(`the host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new WebhookUrlRefused(`the host ${host} could not be resolved`);
  for (const { address } of addresses) {
    if (loopbackAllowed() && isLoopback(address)) continue;
    const reason = refusedAddressReason(address);
    if (reason) {
      const via = isIP(host) ? host : `${host} resolves to ${address}, which`;
      throw new WebhookUrlRefused(`${via} ${reason}; webhooks are sent to public addresses only`);
    }
  }
  return addresses[0]!;
}
