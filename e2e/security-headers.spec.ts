import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

/**
 * Every page (generated from app/**\/page.tsx; dynamic segments get a placeholder, which renders
 * the page's not-found state — still a page that must carry the headers) answers with the CSP,
 * anti-framing and nosniff headers, and renders in Chromium without one CSP violation (Next's
 * inline scripts carry the request's nonce).
 */
function pages(): string[] {
  const out: string[] = [];
  for (const entry of readdirSync('app', { recursive: true }) as string[]) {
    if (path.basename(entry) !== 'page.tsx') continue;
    const dir = path.dirname(entry) === '.' ? '' : path.dirname(entry);
    const route = `/${dir}`
      .split(path.sep)
      .join('/')
      .replace(/\/\([^)]+\)/g, '')
      .replace(/\[[^\]]+\]/g, '00000000-0000-4000-8000-000000000000');
    out.push(route === '' ? '/' : route.replace(/\/$/, '') || '/');
  }
  return out.sort();
}

for (const route of pages()) {
  test(`security headers and a working CSP on ${route}`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(msg.text())) violations.push(msg.text());
    });
    const response = await page.goto(route);
    expect(response).not.toBeNull();
    const headers = await response!.allHeaders();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    // Hydrated: React ran (a nonce-less inline script would have been blocked).
    await page.waitForLoadState('networkidle');
    await expect(page.locator('body')).not.toBeEmpty();
    expect(violations).toEqual([]);
  });
}

test('the console cannot be framed by another site', async ({ page, baseURL }) => {
  const response = await page.request.get(`${baseURL}/overview`);
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

/*
 * Data paths skip proxy.ts: next.config.js sets their fixed headers (lib/security/static-headers.json).
 * Every kind of answer must carry them — a route's own, an API error, Next's own 404 and 405.
 */
const dataAnswers: { what: string; method: 'GET' | 'DELETE'; path: string; status: number; key?: 'a' | 'b' }[] = [
  { what: 'health', method: 'GET', path: '/api/health', status: 200 },
  { what: 'Family A list', method: 'GET', path: '/api/v1/cl2c/contract', status: 200, key: 'a' },
  { what: 'Family A without a key', method: 'GET', path: '/api/v1/cl2c/contract', status: 401 },
  { what: 'Family B document', method: 'GET', path: '/v1/openapi.json', status: 200 },
  { what: 'Family B unknown NFT', method: 'GET', path: '/v1/cl2c/nfts/00000000-0000-4000-8000-000000000000', status: 404, key: 'b' },
  { what: 'unknown API path', method: 'GET', path: '/api/no-such-route', status: 404 },
  { what: 'method not allowed', method: 'DELETE', path: '/api/health', status: 405 },
  { what: 'content gateway', method: 'GET', path: '/ipfs/not-a-cid', status: 400 },
];

for (const answer of dataAnswers) {
  test(`data path headers on ${answer.what} (${answer.method} ${answer.path})`, async ({ baseURL, apiKey, tenant, tenantApiKey }) => {
    // A bare fetch: no session cookie (the `request` fixture carries the admin's).
    const headers: Record<string, string> = answer.key === 'a' ? { 'x-api-key': apiKey } : answer.key === 'b' ? { tenant, 'x-api-key': tenantApiKey } : {};
    const response = await fetch(`${baseURL}${answer.path}`, { method: answer.method, headers });
    expect(response.status).toBe(answer.status);
    const got = (name: string) => response.headers.get(name);
    expect(got('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(got('x-frame-options')).toBe('DENY');
    expect(got('x-content-type-options')).toBe('nosniff');
    expect(got('referrer-policy')).toBe('no-referrer');
    expect(got('cross-origin-opener-policy')).toBe('same-origin');
    expect(got('permissions-policy')).toContain('camera=()');
  });
}
