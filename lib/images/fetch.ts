import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { refusedAddressReason } from './address-policy';
import { ImageRefusedError } from './errors';

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has (injectable so tests can control DNS). */
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type TransportRequest = { url: URL; address: string; family: number; signal: AbortSignal };
export type TransportResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array>;
  destroy(): void;
};
/** Performs one GET to `url`, connecting only to the already-checked `address`. */
export type Transport = (req: TransportRequest) => Promise<TransportResponse>;

export type FetchOptions = {
  lookup?: Lookup;
  transport?: Transport;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

export const defaultLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Node http(s) with the connection pinned to the checked address: the socket's own DNS lookup
 * is replaced by one that can only answer that address, so a second (rebinding) answer from
 * DNS can never be used. TLS still verifies the certificate against the host name.
 */
export const pinnedTransport: Transport = ({ url, address, family, signal }) =>
  new Promise((resolve, reject) => {
    const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    }) as unknown as LookupFunction;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: pinned,
        signal,
        agent: false,
        headers: { accept: 'image/png,image/jpeg,image/gif,image/webp;q=0.9,*/*;q=0.1', 'user-agent': 'cl2c-admin-image-fetcher' },
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res, destroy: () => res.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

async function resolveChecked(url: URL, lookup: Lookup): Promise<ResolvedAddress> {
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new ImageRefusedError(`the host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new ImageRefusedError(`the host ${host} could not be resolved`);
  // Every answer must be public: a name with one private address is refused outright.
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address);
    if (reason) {
      const via = isIP(host) ? `${host}` : `${host} resolves to ${address}, which`;
      throw new ImageRefusedError(`${via} ${reason}; only public addresses are fetched`);
    }
  }
  return addresses[0]!;
}

function checkScheme(url: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageRefusedError(`only http and https URLs are fetched (got ${url.protocol})`);
  }
}

/**
 * Downloads an image over http(s) within a time and size budget, refusing any non-public
 * address — checked on the resolved address before connecting, and again for every redirect.
 */
export async function fetchImageBytes(raw: string, options: FetchOptions = {}): Promise<Uint8Array> {
  const lookup = options.lookup ?? defaultLookup;
  const transport = options.transport ?? pinnedTransport;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageRefusedError('is not a valid URL');
  }
  try {
    for (let hop = 0; ; hop++) {
      checkScheme(url);
      const target = await resolveChecked(url, lookup);
      if (signal.aborted) throw signal.reason;
      const res = await transport({ url, ...target, signal });
      if (res.status >= 300 && res.status < 400 && res.headers.location) {
        res.destroy();
        if (hop >= maxRedirects) throw new ImageRefusedError(`more than ${maxRedirects} redirects`);
        const location = Array.isArray(res.headers.location) ? res.headers.location[0]! : res.headers.location;
        url = new URL(location, url);
        continue;
      }
      if (res.status !== 200) {
        res.destroy();
        throw new ImageRefusedError(`the image URL answered HTTP ${res.status}`);
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        throw new ImageRefusedError(`the image is larger than ${maxBytes} bytes`);
      }
      const chunks: Uint8Array[] = [];
      let total = 0;
      for await (const chunk of res.body) {
        total += chunk.byteLength;
        if (total > maxBytes) {
          res.destroy();
          throw new ImageRefusedError(`the image is larger than ${maxBytes} bytes`);
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    if (signal.aborted) throw new ImageRefusedError(`the image URL did not answer within ${timeoutMs / 1000} s`);
    throw new ImageRefusedError(`the image could not be downloaded (${error instanceof Error ? error.message : String(error)})`);
  }
}
