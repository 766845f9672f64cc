import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { headers: IncomingHttpHeaders; body: string; json: { type: string; timestamp: string; sequence: number; data: any } };
/** What to answer: a status (and headers), or 'hang' to hold the request open (never answer). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A webhook receiver on 127.0.0.1 (a real HTTP server): keeps every request and answers from a
 * script (default 200). `verify(secret)` checks a request's signature with the standardwebhooks
 * library, the way a client would.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const script: Answer[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      for (const w of waiters.splice(0)) w();
      const answer = script.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Answers for the next requests, in order. */
    answer: (...answers: Answer[]) => script.push(...answers),
    /** Throws (WebhookVerificationError) unless the request is signed by `secret`. */
    verify: (r: Received, secret: string) =>
      new Webhook(secret).verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }),
    /** Resolves once `n` requests have arrived in all. */
    waitFor: async (n: number, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
