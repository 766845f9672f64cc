import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PEER_HEADER } from './client-address';
import { stampPeer } from './peer';
import { parseTrustedProxies } from '@/lib/shared/trusted-proxies';

/** Runs a real node:http server with stampPeer and returns the headers the app would see. */
async function seen(trusted: string | undefined, headers: Record<string, string>): Promise<IncomingHttpHeaders> {
  const ranges = parseTrustedProxies(trusted);
  let captured: IncomingHttpHeaders = {};
  const server = createServer((req, res) => {
    stampPeer(req, ranges);
    captured = { ...req.headers };
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return captured;
}

const forged = {
  [PEER_HEADER]: '1.1.1.1',
  'x-forwarded-for': '6.6.6.6',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

describe('stampPeer (the server in front of Next)', () => {
  it('an untrusted peer cannot forge its address, host or scheme', async () => {
    const h = await seen(undefined, forged);
    expect(h[PEER_HEADER]).toBe('127.0.0.1');
    expect(h['x-forwarded-for']).toBe('127.0.0.1');
    expect(h['x-forwarded-host']).toBeUndefined();
    expect(h['x-forwarded-proto']).toBeUndefined();
  });

  it("a trusted proxy's forwarding headers pass through; the peer is still the socket", async () => {
    const h = await seen('127.0.0.1', forged);
    expect(h[PEER_HEADER]).toBe('127.0.0.1');
    expect(h['x-forwarded-for']).toBe('6.6.6.6');
    expect(h['x-forwarded-host']).toBe('evil.example');
  });
});
