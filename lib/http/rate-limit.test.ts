import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { createTestOrg, call } from '@/test/helpers';
import { PEER_HEADER } from './client-address';
import { familyA } from './family-a';
import { familyB } from './family-b';

const a = familyA({}, () => ({ ok: true }));
const b = familyB({ source: 'Probe' }, () => ({ ok: true }));

beforeEach(() => {
  process.env.RATE_LIMIT_PER_MINUTE = '3';
  resetEnvCache();
});
afterEach(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  resetEnvCache();
});

describe('one limiter for both families', () => {
  it('throttles a flood of bad keys per client address before authentication (Family A)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(a, { headers: { 'x-api-key': `bad-${i}`, [PEER_HEADER]: '198.51.100.1' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('throttles a flood of bad keys per client address before authentication (Family B)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(b, { headers: { tenant: 'nope', 'x-api-key': `bad-${i}`, [PEER_HEADER]: '198.51.100.2' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits each key after authentication, across addresses, with RateLimit-* headers', async () => {
    const own = await createTestOrg();
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(await call(b, {
        headers: { tenant: own.organization.tenant, 'x-api-key': own.tenantApiKey, [PEER_HEADER]: `203.0.113.${i + 1}` },
      }));
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(results[0]!.headers.get('ratelimit-limit')).toBe('3');
    expect(results[0]!.headers.get('ratelimit-remaining')).toBe('2');
    expect(Number(results[0]!.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(results[3]!.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(results[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('authenticated responses are Cache-Control: no-store', async () => {
    const own = await createTestOrg();
    const res = await call(a, { headers: { 'x-api-key': own.apiKey, [PEER_HEADER]: '203.0.113.50' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
