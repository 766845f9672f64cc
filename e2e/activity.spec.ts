import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mode } from './modes';

/** A record's entry in a list: a table row at 1440 px, a card on a phone (the list shell shows one). */
const entry = (page: Page, list: string, text: RegExp) =>
  mode().phone
    ? page.getByRole('list', { name: list }).getByTestId('list-card').filter({ hasText: text })
    : page.getByRole('table', { name: list }).getByRole('row', { name: text });

test('activity page: filters in the URL, readable labels, rows link to records', async ({ page, request, baseURL, apiKey, adminEmail, unique }) => {
  const name = `Audit ${unique}`;
  const created = await request.post('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, data: { name, symbol: 'AUD' } });
  expect(created.status()).toBe(201);
  const contract = (await created.json()) as { id: string };
  const updated = await request.put('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, data: { id: contract.id, status: 'FAILED' } });
  expect(updated.status()).toBe(200);
  // One change by the signed-in admin (a cookie request from the app's origin), so both kinds of actor exist.
  const byAdmin = await page.request.post('/api/v1/cl2c/contract', { headers: { origin: baseURL! }, data: { name: `Admin-made ${unique}`, symbol: 'ADM' } });
  expect(byAdmin.status()).toBe(201);

  // The overview's activity reads in words and links into the activity page.
  await page.goto('/overview');
  // The overview's short list stays a table (scrolling inside its card) at every width.
  const recent = page.getByRole('table', { name: 'Recent activity' });
  await expect(recent.getByRole('row', { name: new RegExp(`Contract updated.*${name}`) })).toBeVisible();
  await page.getByRole('link', { name: 'All activity' }).click();
  await expect(page).toHaveURL(/\/activity$/);

  await page.getByLabel('Action', { exact: true }).selectOption('contract.update');
  await expect(page).toHaveURL(/action=contract\.update/);
  const row = entry(page, 'Activity', new RegExp(name));
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Contract updated');
  await expect(row).toContainText(/API key/);
  await expect(entry(page, 'Activity', /Contract created/)).toHaveCount(0);

  // Record type + actor: the admin's own changes only (none to this contract).
  await page.getByLabel('Record type', { exact: true }).selectOption('smart_contract');
  await expect(page).toHaveURL(/entityType=smart_contract/);
  await expect(row).toHaveCount(1);
  await page.getByLabel('By', { exact: true }).selectOption({ label: adminEmail });
  await expect(page).toHaveURL(/actor=/);
  await expect(entry(page, 'Activity', new RegExp(name))).toHaveCount(0);
  const keyLabel = (await page.getByLabel('By', { exact: true }).locator('option').allTextContents()).find((t) => t.startsWith('API key '));
  await page.getByLabel('By', { exact: true }).selectOption({ label: keyLabel! });
  await expect(row).toHaveCount(1);
  await page.getByLabel('By', { exact: true }).selectOption('');

  // A date range in the future finds nothing; today finds the row again. Reload keeps it all.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill('2099-01-01');
  await expect(page.getByText('No activity matches these filters')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await page.getByLabel('To', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await page.reload();
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('contract.update');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
  await expect(row).toHaveCount(1);

  await page.screenshot({ path: `.tmp/activity-${mode().name}.png`, fullPage: true });

  // The relative time shows the exact time on keyboard focus.
  const when = row.locator('time');
  await when.focus();
  await expect(row.getByRole('tooltip')).toBeVisible();
  await expect(row.getByRole('tooltip')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);

  // The row links to its record.
  await row.getByRole('link', { name: `${name} (AUD)` }).click();
  await expect(page).toHaveURL(new RegExp(`/contracts\\?search=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}`));
  await expect(entry(page, 'Smart contracts', new RegExp(name))).toBeVisible();

  // KPI cards link into the lists.
  await page.goto('/overview');
  await page.getByTestId('stat-pending-invitations').getByRole('link').click();
  await expect(page).toHaveURL(/\/members\?status=PENDING$/);
});
