import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mode } from './modes';

/**
 * Lists for volume, in the shared table (every list): first/last and page jump, a page past the
 * end, phone cards with the status in view, bulk actions with a summary, a CSV export equal to
 * the API's list (export.spec.ts), a failed request with its request id, and the Activity search and
 * detail — in every project of playwright.config.ts (1440 and 390 px, light and dark).
 */

async function createContract(request: APIRequestContext, apiKey: string, name: string) {
  const res = await request.post('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, data: { name, symbol: 'LST' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createNfts(request: APIRequestContext, apiKey: string, contractId: string, prefix: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await request.post('/api/v1/cl2c/nft', {
      headers: { 'x-api-key': apiKey },
      data: { name: `${prefix} ${String(i).padStart(2, '0')}`, smartContractId: contractId },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

const rowsOrCards = (page: Page, width: number, label: string) =>
  width < 640 ? page.getByRole('list', { name: label }).getByTestId('list-card') : page.getByRole('table', { name: label }).locator('tbody tr');

test('paging: first/last, page jump, a page past the end offers the last page; phone cards show the status', async ({ page, request, apiKey, unique }) => {
  const { width, colorScheme } = mode();
  const prefix = `Pg${width}${colorScheme[0]}${unique}`;
  const contractId = await createContract(request, apiKey, `Paging ${prefix}`);
  await createNfts(request, apiKey, contractId, prefix, 23);
  await page.goto(`/nfts?search=${prefix}&limit=10`);
  const footer = page.getByRole('navigation', { name: 'Pagination' });
  await expect(footer.getByText('Showing 1–10 of 23')).toBeVisible();
  await expect(rowsOrCards(page, width, 'NFTs')).toHaveCount(10);

  await footer.getByRole('button', { name: 'Last page' }).click();
  await expect(footer.getByText('Showing 21–23 of 23')).toBeVisible();
  await footer.getByRole('button', { name: 'First page' }).click();
  await expect(footer.getByText('Showing 1–10 of 23')).toBeVisible();
  await footer.getByLabel('Go to page').fill('2');
  await footer.getByRole('button', { name: 'Go' }).click();
  await expect(footer.getByText('Showing 11–20 of 23')).toBeVisible();
  await footer.getByLabel('Go to page').fill('9');
  await footer.getByRole('button', { name: 'Go' }).click();
  await expect(footer.getByRole('alert')).toHaveText('Enter a page from 1 to 3.');

  // A stale link past the end: said so, never "No NFTs yet" or "Showing 91–23".
  await page.goto(`/nfts?search=${prefix}&limit=10&page=9`);
  await expect(page.getByText('Page 9 does not exist')).toBeVisible();
  await expect(page.getByText('No NFTs yet')).toHaveCount(0);
  await expect(page.getByText(/Showing 81/)).toHaveCount(0);
  await expect(footer.getByText('23 results on 3 pages')).toBeVisible();
  await page.getByRole('button', { name: 'Go to the last page (3)' }).click();
  await expect(footer.getByText('Showing 21–23 of 23')).toBeVisible();
  await expect(page).toHaveURL(/page=3/);

  // Created and Token ID columns; on a phone each row is a card with its status in view.
  const first = rowsOrCards(page, width, 'NFTs').first();
  await expect(first).toContainText('CREATED');
  if (width < 640) {
    await expect(first.getByText('CREATED', { exact: true })).toBeInViewport();
    await expect(first.getByText('Created', { exact: true })).toBeVisible();
    await expect(first.getByText('Token ID', { exact: true })).toBeVisible();
    const scroll = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(scroll).toBeLessThanOrEqual(0);
  } else {
    await expect(page.getByRole('columnheader', { name: 'Created' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Token ID' })).toBeVisible();
  }
  await page.screenshot({ path: `.tmp/lists-paging-${width}-${colorScheme}.png`, fullPage: true });
});

test('bulk: delete NFTs and revoke invitations, each with a summary', async ({ page, request, apiKey, unique }) => {
  const { width, colorScheme } = mode();
  const prefix = `Bk${width}${colorScheme[0]}${unique}`;
  const contractId = await createContract(request, apiKey, `Bulk ${prefix}`);
  await createNfts(request, apiKey, contractId, prefix, 3);
  await page.goto(`/nfts?search=${prefix}`);
  await page.getByRole('checkbox', { name: `Select row ${prefix} 00` }).check();
  await page.getByRole('checkbox', { name: `Select row ${prefix} 01` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Delete (2)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 NFT records?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 deleted.')).toBeVisible();
  await expect(rowsOrCards(page, width, 'NFTs')).toHaveCount(1);

  const emails = [0, 1, 2].map((i) => `bulk-${i}-${prefix.toLowerCase()}@example.test`);
  const invited = await request.post('/api/v1/cl2c/user/bulk', { headers: { 'x-api-key': apiKey }, data: { users: emails.map((email) => ({ email })) } });
  expect(invited.status()).toBe(200);
  await page.goto(`/members?search=${encodeURIComponent(prefix.toLowerCase())}`);
  await expect(rowsOrCards(page, width, 'Members and invitations')).toHaveCount(3);
  if (width < 640) {
    // Phones have no header row: tick each card.
    for (const email of emails) await page.getByRole('checkbox', { name: `Select row ${email}` }).check();
  } else {
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  }
  await bar.getByRole('button', { name: 'Resend invitations (3)' }).click();
  await page.getByRole('dialog', { name: 'Resend 3 invitations?' }).getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('3 resent.')).toBeVisible();
  for (const email of emails.slice(0, 2)) await page.getByRole('checkbox', { name: `Select row ${email}` }).check();
  await bar.getByRole('button', { name: 'Revoke invitations (2)' }).click();
  await page.getByRole('dialog', { name: 'Revoke 2 invitations?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('2 revoked.')).toBeVisible();
  await expect(rowsOrCards(page, width, 'Members and invitations')).toHaveCount(1);
});

test('a failed list shows the request id and what to try', async ({ page }) => {
  // The server's 500 answer, as the wrapper sends it (body and x-request-id header).
  await page.route('**/api/v1/cl2c/contract?*', (route) =>
    route.fulfill({
      status: 500,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-e2e-5xx' },
      body: JSON.stringify({ error: 'Internal error.', details: ['requestId: req-e2e-5xx'] }),
    }),
  );
  await page.goto('/contracts');
  const error = page.getByTestId('list-error');
  await expect(error).toContainText('Could not load smart contracts: Internal error.');
  await expect(error).toContainText('give your operator the request id');
  await expect(error.getByText('req-e2e-5xx', { exact: true })).toBeVisible();
  await page.unroute('**/api/v1/cl2c/contract?*');
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('list-error')).toHaveCount(0);
});

test('activity: search, an event’s detail, and the export link keeps the filter', async ({ page, request, apiKey, unique }) => {
  const { width, colorScheme } = mode();
  const name = `Findme ${width}${colorScheme} ${unique}`;
  await createContract(request, apiKey, name);
  await page.goto('/activity');
  await page.getByLabel('Search Activity').fill(name);
  const items = rowsOrCards(page, width, 'Activity');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Contract created');
  await expect(page).toHaveURL(/search=Findme/);
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('/api/v1/console/audit/export?');
  expect(new URL(href!, 'http://x').searchParams.get('search')).toBe(name);
  await items.first().getByRole('button', { name: /^Details of Contract created/ }).click();
  const detail = page.getByRole('dialog', { name: 'Contract created' });
  await expect(detail.getByTestId('event-detail')).toContainText(name);
  await expect(detail.getByTestId('event-detail')).toContainText('contract.create');
  await page.screenshot({ path: `.tmp/lists-activity-${width}-${colorScheme}.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
});
