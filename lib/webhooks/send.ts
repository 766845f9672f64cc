import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Lookup } from '@/lib/images/fetch';
import type { SendResult } from '@/lib/storage/webhook-queue-contract';
import { checkWebhookUrlShape, resolveWebhookAddress, WebhookUrlRefused } from './url-policy';

export const DELIVERY_TIMEOUT_MS = 15_000;
const EXCERPT_BYTES = 1_024;

export type SendOptions = { lookup?: Lookup; timeoutMs?: number };

/**
 * One POST of a signed message. The URL is checked again (policy may have changed), the host is
 * resolved and every address judged by the SSRF policy, and the socket is pinned to the checked
 * address so DNS cannot rebind it. Redirects are not followed: a 3xx is a failed attempt.
 */
export async function sendWebhook(rawUrl: string, headers: Record<string, string>, body: string, options: SendOptions = {}): Promise<SendResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  let target: { address: string; family: number };
  try {
    url = checkWebhookUrlShape(rawUrl);
    target = await resolveWebhookAddress(url, options.lookup);
  } catch (error) {
    const reason = error instanceof WebhookUrlRefused ? `refused: ${error.message}` : String(error);
    return { statusCode: 0, latencyMs: elapsed(), responseExcerpt: null, retryAfterSeconds: null, error: reason };
  }
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await post(url, target, headers, body, signal);
    const status = res.status;
    const location = status >= 300 && status < 400 ? res.headers.location : undefined;
    return {
      statusCode: status,
      latencyMs: elapsed(),
      responseExcerpt: res.excerpt,
      retryAfterSeconds: parseRetryAfter(res.headers['retry-after']),
      error: location ? `redirect to ${String(location).slice(0, 200)} not followed` : status >= 300 && status < 400 ? 'redirect not followed' : null,
    };
  } catch (error) {
    const message = signal.aborted ? `no answer within ${timeoutMs / 1000} s` : error instanceof Error ? error.message : String(error);
    return { statusCode: 0, latencyMs: elapsed(), responseExcerpt: null, retryAfterSeconds: null, error: message.slice(0, 300) };
  }
}

function post(
  url: URL,
  target: { address: string; family: number },
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; excerpt: string }> {
  return new Promise((resolve, reject) => {
    const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    }) as unknown as LookupFunction;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        signal,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'cl2c-admin-webhooks/1',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk.subarray(0, EXCERPT_BYTES - size));
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, excerpt: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Retry-After as seconds: a delta-seconds value or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
