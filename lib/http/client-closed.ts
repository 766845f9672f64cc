import { log } from '@/lib/logger';

/**
 * The client closed the connection before its request was read or answered: Node's `aborted` on
 * the incoming message (reading the body of a request the client gave up), or the request's own
 * abort signal. Nobody receives the answer, and nothing went wrong on the server: both API wrappers
 * log it at `info` and answer 499 (nginx's "client closed request") instead of logging a 500.
 */
export function clientClosed(error: unknown, req: Request): boolean {
  if (req.signal?.aborted) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  return typeof e === 'object' && e !== null && e.code === 'ECONNRESET' && e.message === 'aborted';
}

export function clientClosedResponse(req: Request, requestId: string, fields: Record<string, unknown> = {}): Response {
  log('info', 'client closed the request before its answer', { requestId, ...fields, method: req.method, path: new URL(req.url).pathname });
  return new Response(null, { status: 499, headers: { 'x-request-id': requestId } });
}
