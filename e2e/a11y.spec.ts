import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mode } from './modes';

/**
 * axe-core on every page in every project of playwright.config.ts — 1440 and 390 px, in the light and
 * the dark theme (the system setting, emulated): no serious or critical violation, and the
 * page itself never scrolls sideways (wide tables scroll inside their card). At the laptop width
 * no table is wider than its card either. To cover a new page, add a line to `pages`.
 */

type Seeded = { contractId: string; nftId: string; memberId: string; inviteLink: string };

type PageCase = {
  name: string;
  path: (s: Seeded) => string;
  /** Pages for people who are not signed in. */
  signedOut?: boolean;
};

export const pages: PageCase[] = [
  { name: 'login', path: () => '/login', signedOut: true },
  { name: 'invite', path: (s) => new URL(s.inviteLink).pathname, signedOut: true },
  { name: 'reset-password', path: () => '/reset-password', signedOut: true },
  { name: 'set-password', path: () => '/reset-password?token=a11y-token-not-checked-until-submit', signedOut: true },
  { name: 'docs', path: () => '/docs' },
  { name: 'overview', path: () => '/overview' },
  { name: 'contracts', path: () => '/contracts' },
  { name: 'contract-detail', path: (s) => `/contracts/${s.contractId}` },
  { name: 'nfts', path: () => '/nfts' },
  { name: 'nft-new', path: () => '/nfts/new' },
  { name: 'nft-detail', path: (s) => `/nfts/${s.nftId}` },
  { name: 'members', path: () => '/members' },
  { name: 'member-detail', path: (s) => `/members/${s.memberId}` },
  { name: 'members-import', path: () => '/members/import' },
  { name: 'tokens', path: () => '/tokens' },
  { name: 'api-keys', path: () => '/api-keys' },
  { name: 'webhooks', path: () => '/webhooks' },
  { name: 'outbox', path: () => '/outbox' },
  { name: 'activity', path: () => '/activity' },
];

let seeded: Promise<Seeded> | undefined;

/** One contract, one NFT without an image (the placeholder), one pending invitation, and the widest rows a list shows. */
async function seed(request: APIRequestContext, apiKey: string, unique: string): Promise<Seeded> {
  const headers = { 'x-api-key': apiKey };
  const contract = await request.post('/api/v1/cl2c/contract', {
    headers,
    data: { name: `A11y contract ${unique}`, symbol: 'AXE', description: 'Seeded for the axe checks' },
  });
  expect(contract.status()).toBe(201);
  const contractId = ((await contract.json()) as { id: string }).id;
  const nft = await request.post('/api/v1/cl2c/nft', {
    headers,
    data: { name: `A11y NFT ${unique}`, smartContractId: contractId, description: 'No image on purpose' },
  });
  expect(nft.status()).toBe(201);
  const nftId = ((await nft.json()) as { id: string }).id;
  // Worst cases for the laptop-width check: long unbroken names, a deployed contract (address and
  // date columns filled) and a failed one ("Retry deploy").
  const long = `A11yUnbrokenNameWithoutSpaces${unique}`;
  const wide = await request.post('/api/v1/cl2c/contract', { headers, data: { name: long, symbol: 'WIDE' } });
  expect(wide.status()).toBe(201);
  const wideId = ((await wide.json()) as { id: string }).id;
  const deployed = await request.put('/api/v1/cl2c/contract', {
    headers,
    data: { id: wideId, status: 'DEPLOYED', contractAddress: '0x5290841aD4e0C2b1a7b61A0e3F7b6D6dB0169EE7', deployedAt: '2026-03-04T05:06:00.000Z' },
  });
  expect(deployed.status(), await deployed.text()).toBe(200);
  const failed = await request.post('/api/v1/cl2c/contract', { headers, data: { name: `A11y failed ${unique}`, symbol: 'FAIL' } });
  const failedId = ((await failed.json()) as { id: string }).id;
  const markedFailed = await request.put('/api/v1/cl2c/contract', { headers, data: { id: failedId, status: 'FAILED' } });
  expect(markedFailed.status(), await markedFailed.text()).toBe(200);
  const wideNft = await request.post('/api/v1/cl2c/nft', { headers, data: { name: `${long}Nft`, smartContractId: contractId } });
  expect(wideNft.status()).toBe(201);
  const email = `a11y-${unique}@example.test`;
  const invite = await request.post('/api/v1/cl2c/user/bulk', { headers, data: { users: [{ email }] } });
  expect(invite.status()).toBe(200);
  // The outbox is for a signed-in admin only (it shows raw invitation links; an API key gets 403):
  // the request context carries the e2e admin's session cookie.
  const outbox = await request.get('/api/v1/console/outbox', { params: { search: email } });
  const mails = (await outbox.json()) as { data: { to: string; links: string[] }[] };
  const inviteLink = mails.data.find((m) => m.to === email)?.links[0];
  expect(inviteLink).toBeTruthy();
  const members = await request.get('/api/v1/cl2c/user', { headers, params: { status: 'ACTIVE', limit: 1 } });
  const memberId = ((await members.json()) as { data: { id: string }[] }).data[0]?.id;
  expect(memberId).toBeTruthy();
  return { contractId, nftId, memberId: memberId!, inviteLink: inviteLink! };
}

/** Waits until the page's queries have answered (no skeleton or busy table left). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, body').first()).toBeVisible();
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
}

for (const p of pages) {
  test(`${p.name}: no serious axe violation, no sideways page scroll`, async ({
    page,
    browser,
    request,
    apiKey,
    unique,
  }) => {
    const viewport = mode();
    const colorScheme = viewport.colorScheme;
    seeded ??= seed(request, apiKey, unique);
    const s = await seeded;
    let target = page;
    if (p.signedOut) {
      const context = await browser.newContext({
        storageState: { cookies: [], origins: [] },
        viewport: { width: viewport.width, height: viewport.height },
        colorScheme,
        baseURL: test.info().project.use.baseURL,
      });
      target = await context.newPage();
    }
    await target.goto(p.path(s));
    await settle(target);
    await target.screenshot({ path: `.tmp/a11y-shots/${p.name}-${viewport.width}-${colorScheme}.png`, fullPage: true });

    expect(await seriousViolations(target), `axe on ${p.path(s)}`).toEqual([]);

    const widths = await target.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      inner: window.innerWidth,
    }));
    expect(widths.scroll, `${p.path(s)} scrolls sideways`).toBeLessThanOrEqual(widths.inner);

    if (viewport.width >= 1280 && p.name !== 'docs') {
      // Columns fit a laptop screen: no table needs its own sideways scroll.
      const overflowing = await target.evaluate(() =>
        [...document.querySelectorAll('table')]
          .filter((t) => t.parentElement && t.parentElement.scrollWidth > t.parentElement.clientWidth + 1)
          .map((t) => t.getAttribute('aria-label') ?? '(unnamed table)'),
      );
      expect(overflowing, 'tables wider than their card').toEqual([]);
    }
    if (p.signedOut) await target.context().close();
  });
}
