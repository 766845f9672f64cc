import type { IncomingMessage } from 'node:http';
import { PEER_HEADER } from './client-address';
import { noteUntrustedForwarded } from './forwarded-warning';
import { isTrustedAddress, type TrustedRanges } from '@/lib/shared/trusted-proxies';

/**
 * Puts the socket address in PEER_HEADER (overwriting a client's) and drops forwarding headers
 * that did not come from a trusted proxy, so neither Next nor the app ever reads a forged
 * X-Forwarded-For/-Host/-Proto. An X-Forwarded-For that arrived while no proxy is trusted is
 * noted here, on the raw request (afterwards every request carries the one set below): probably a
 * reverse proxy nobody declared in TRUSTED_PROXIES (/api/ready and the log say so).
 */
export function stampPeer(req: IncomingMessage, trusted: TrustedRanges): void {
  const peer = req.socket.remoteAddress ?? '';
  req.headers[PEER_HEADER] = peer;
  if (trusted.length === 0 && req.headers['x-forwarded-for'] !== undefined) noteUntrustedForwarded();
  if (!isTrustedAddress(peer, trusted)) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
    delete req.headers['x-forwarded-port'];
    delete req.headers['x-real-ip'];
    req.headers['x-forwarded-for'] = peer;
  }
}

