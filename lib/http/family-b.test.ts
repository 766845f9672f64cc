import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { resetEnvCache } from '@/lib/env';
import { ConflictError, ValidationError } from '@/lib/errors';
import { call, createTestOrg } from '@/test/helpers';
import { familyB } from './family-b';

let org: Awaited<ReturnType<typeof createTestOrg>>;
const headers = () => ({ tenant: org.organization.tenant, 'X-API-Key': org.tenantApiKey });

beforeAll(async () => {
  org = await createTestOrg();
});

describe('familyB wrapper', () => {
  it('gives the handler the tenant and the key owner as the current user', async () => {
    const handler = familyB({ source: 'Probe' }, ({ actor }) => ({ actor }));
    const res = await call(handler, { headers: { ...headers(), tenant: ` ${org.organization.tenant.toUpperCase()} ` } });
    expect(res.status).toBe(200);
    expect(res.json.actor).toMatchObject({ kind: 'api_key', organizationId: org.organization.id, userId: org.admin.id, tenant: org.organization.tenant });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('500: default body with a fresh errorId that is logged; no stack or message leaks', async () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      const handler = familyB({ source: 'Explode' }, () => {
        throw new Error('database exploded at /secret/path.ts:12');
      });
      const res = await call(handler, { headers: headers() });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        messages: ['An unexpected error occurred.'],
        source: 'Explode',
        exception: 'An unexpected error occurred.',
        errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        supportMessage: expect.stringContaining(res.json.errorId),
        statusCode: 500,
      });
      expect(res.text).not.toMatch(/exploded|secret|\.ts/);
      const logged = writes.map((w) => JSON.parse(w)).find((l) => l.errorId === res.json.errorId);
      expect(logged).toMatchObject({ level: 'error', source: 'Explode', status: 500, error: 'database exploded at /secret/path.ts:12' });
      const again = await call(handler, { headers: headers() });
      expect(again.json.errorId).not.toBe(res.json.errorId);
    } finally {
      spy.mockRestore();
    }
  });

  it('domain errors keep their status in the default body; validation errors become ProblemDetails', async () => {
    const conflict = familyB({ source: 'Conflict' }, () => {
      throw new ConflictError('Already there.', ['email: taken']);
    });
    const res = await call(conflict, { headers: headers() });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ messages: ['Already there.', 'email: taken'], statusCode: 409, exception: 'Already there.' });

    const invalid = familyB({ source: 'Invalid' }, () => {
      throw new ValidationError('Bad.', ['items[2].name: is required', 'items[2].name: is short', 'x: nope']);
    });
    const problem = await call(invalid, { headers: headers(), path: '/v1/cl2c/thing' });
    expect(problem.status).toBe(400);
    expect(problem.json).toEqual({
      type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: 'Bad.',
      instance: '/v1/cl2c/thing',
      errors: { 'items[2].name': ['is required', 'is short'], x: ['nope'] },
      traceId: problem.headers.get('x-request-id'),
    });
  });

  it('body problems: zod paths as keys, 413 and 415 in the default body', async () => {
    const handler = familyB({ source: 'Body', body: z.strictObject({ list: z.array(z.object({ n: z.number() })) }), maxBodyBytes: 64 }, () => ({}));
    const bad = await call(handler, { method: 'POST', headers: headers(), body: { list: [{ n: 1 }, { n: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(['list[1].n']);
    const big = await call(handler, { method: 'POST', headers: headers(), body: { list: Array.from({ length: 40 }, () => ({ n: 1 })) } });
    expect(big.status).toBe(413);
    expect(big.json.statusCode).toBe(413);
    const empty = await call(handler, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toHaveProperty('body');
  });
});

describe('rate limiting', () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_PER_MINUTE;
    resetEnvCache();
  });

  it('429 in the default body with Retry-After', async () => {
    process.env.RATE_LIMIT_PER_MINUTE = '2';
    resetEnvCache();
    const own = await createTestOrg();
    const handler = familyB({ source: 'Limited' }, () => ({ ok: true }));
    const h = { tenant: own.organization.tenant, 'X-API-Key': own.tenantApiKey };
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await call(handler, { headers: h });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last!.json.statusCode).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
