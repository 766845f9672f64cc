import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestOrg } from '@/test/helpers';
import { familyA } from './family-a';
import { familyB } from './family-b';

/*
 * A client that gives up (closes the connection while its body is read or its answer computed) is
 * not a server error: both wrappers answer 499 and log no error line — a benchmark or a load balancer
 * cutting connections used to fill the log with "request failed … aborted" at level error.
 */
let org: Awaited<ReturnType<typeof createTestOrg>>;
beforeAll(async () => {
  org = await createTestOrg();
});

/** Node's error for a request whose client went away (http `abortIncoming`). */
const aborted = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' });

async function errorLines(run: () => Promise<Response>): Promise<{ res: Response; errors: Record<string, unknown>[] }> {
  const writes: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    const res = await run();
    const errors = writes.flatMap((w) => w.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 'error');
    return { res, errors };
  } finally {
    spy.mockRestore();
  }
}

const families = (): { name: string; headers: Record<string, string>; wrap: (fn: () => unknown) => (req: Request) => Promise<Response> }[] => [
  { name: 'Family A', headers: { 'x-api-key': org.apiKey }, wrap: (fn: () => unknown) => familyA({}, fn) },
  { name: 'Family B', headers: { tenant: org.organization.tenant, 'x-api-key': org.tenantApiKey }, wrap: (fn: () => unknown) => familyB({ source: 'Test' }, fn) },
];

describe('a client that closed its request', () => {
  it('Node reports the connection aborted: 499, no error logged, in both families', async () => {
    for (const f of families()) {
      const handler = f.wrap(() => {
        throw aborted();
      });
      const { res, errors } = await errorLines(() => handler(new Request('http://localhost/x', { headers: f.headers })));
      expect(res.status, f.name).toBe(499);
      expect(res.headers.get('x-request-id'), f.name).toBeTruthy();
      expect(errors, f.name).toEqual([]);
    }
  });

  it("the request's signal is aborted: any failure after it is the client's leaving, not a 500", async () => {
    for (const f of families()) {
      const gone = new AbortController();
      const handler = f.wrap(() => {
        gone.abort();
        throw new Error('read interrupted');
      });
      const { res, errors } = await errorLines(() => handler(new Request('http://localhost/x', { headers: f.headers, signal: gone.signal })));
      expect(res.status, f.name).toBe(499);
      expect(errors, f.name).toEqual([]);
    }
  });

  it('a connection reset that is not the client leaving stays a logged 500', async () => {
    for (const f of families()) {
      const handler = f.wrap(() => {
        throw Object.assign(new Error('connect ECONNRESET 10.0.0.1:5432'), { code: 'ECONNRESET' });
      });
      const { res, errors } = await errorLines(() => handler(new Request('http://localhost/x', { headers: f.headers })));
      expect(res.status, f.name).toBe(500);
      expect(errors.length, f.name).toBe(1);
    }
  });
});
