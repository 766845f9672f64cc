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
