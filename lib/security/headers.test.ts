import type { NextConfig } from 'next';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { afterEach, describe, expect, it } from 'vitest';
import { config as proxyConfig } from '@/proxy';
import { finishResponse } from '@/lib/http/response-headers';
import { resetEnvCache } from '@/lib/env';
import { baseSecurityHeaders, DATA_CSP, DATA_PATH_PREFIXES, HSTS, isDataPath } from './headers';

/*
 * Data paths skip proxy.ts and take their fixed headers from next.config.js; both read
 * static-headers.json. These tests tie the three together (e2e/security-headers.spec.ts checks
 * the running server).
 */
describe('security headers of data paths', () => {
  const savedAppUrl = process.env.APP_URL;
  afterEach(() => {
    if (savedAppUrl === undefined) delete process.env.APP_URL;
    else process.env.APP_URL = savedAppUrl;
    resetEnvCache();
  });

  it('next.config.js gives every data path, and everything under it, the base headers and the data CSP, in one rule', async () => {
    // A plain .js module (outside the type-checked sources): imported by a computed specifier.
    const configFile: string = '@/next.config.js';
    const nextConfig = ((await import(configFile)) as { default: NextConfig }).default;
    const rules = await nextConfig.headers!();
    const want = Object.entries({ ...baseSecurityHeaders(false), 'Content-Security-Policy': DATA_CSP })
      .map(([key, value]) => ({ key, value }))
      .sort((a, b) => a.key.localeCompare(b.key));
    // Matched as Next's router matches a header rule's source (server/lib/router-utils/filesystem.js).
    const covering = (path: string) => rules.filter((r) => getPathMatch(r.source, { strict: true, removeUnnamedParams: true })(path));
    for (const prefix of DATA_PATH_PREFIXES) {
      for (const path of [prefix, `${prefix}/x`, `${prefix}/x/y.json`]) {
        const [rule, ...more] = covering(path);
        expect(rule, path).toBeDefined();
        expect(more, path).toEqual([]);
        expect([...rule!.headers].sort((a, b) => a.key.localeCompare(b.key)), path).toEqual(want);
      }
      expect(covering(`${prefix}x`), `${prefix}x`).toEqual([]);
    }
  });

  it("the proxy's matcher leaves out what next.config.js covers, and nothing else", () => {
    const source = (proxyConfig.matcher[0] as { source: string }).source;
    const excluded = /\(\?!([^)]*)\)/.exec(source)![1]!.split('|');
    expect(excluded.sort()).toEqual(['_next/image', '_next/static', ...DATA_PATH_PREFIXES.map((p) => `${p.slice(1)}/`)].sort());
    for (const prefix of DATA_PATH_PREFIXES) expect(isDataPath(`${prefix}/x`)).toBe(true);
    expect(isDataPath('/overview')).toBe(false);
    expect(isDataPath('/apiary')).toBe(false);
  });

  it('the API families add HSTS when APP_URL is https, and only then', () => {
    process.env.APP_URL = 'https://admin.example.test';
    resetEnvCache();
    expect(finishResponse(Response.json({}), null).headers.get('strict-transport-security')).toBe(HSTS);
    process.env.APP_URL = 'http://127.0.0.1:3000';
    resetEnvCache();
    expect(finishResponse(Response.json({}), null).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('HSTS outside the API families (issue 26 low item)', () => {
  afterEach(() => {
    delete process.env.APP_URL;
    resetEnvCache();
  });

  it('/api/auth, /api/health, /api/ready and /ipfs send HSTS when APP_URL is https', async () => {
    process.env.APP_URL = 'https://admin.example.test';
    resetEnvCache();
    const { GET: auth } = await import('@/app/api/auth/[...all]/route');
    const { GET: health } = await import('@/app/api/health/route');
    const { GET: ready } = await import('@/app/api/ready/route');
    const { GET: ipfs } = await import('@/app/ipfs/[cid]/route');
    const answers = [
      await auth(new Request('https://admin.example.test/api/auth/get-session')),
      health(),
      await ready(),
      await ipfs(new Request('https://admin.example.test/ipfs/bafkreinotthere'), { params: Promise.resolve({ cid: 'bafkreinotthere' }) }),
    ];
    for (const res of answers) expect(res.headers.get('strict-transport-security')).toBe(HSTS);
  });
});
