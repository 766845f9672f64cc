import { expect, test } from './fixtures';

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
  const recent = page.getByRole('table', { name: 'Recent activity' });
  await expect(recent.getByRole('row', { name: new RegExp(`Contract updated.*${name}`) })).toBeVisible();
  await page.getByRole('link', { name: 'All activity' }).click();
  await expect(page).toHaveURL(/\/activity$/);

  const table = page.getByRole('table', { name: 'Activity' });
  await page.getByLabel('Action').selectOption('contract.update');
  await expect(page).toHaveURL(/action=contract\.update/);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Contract updated');
  await expect(row).toContainText(/API key/);
  await expect(table.getByRole('row', { name: /Contract created/ })).toHaveCount(0);

  // Record type + actor: the admin's own changes only (none to this contract).
  await page.getByLabel('Record type').selectOption('smart_contract');
  await expect(page).toHaveURL(/entityType=smart_contract/);
  await expect(row).toHaveCount(1);
  await page.getByLabel('By').selectOption({ label: adminEmail });
  await expect(page).toHaveURL(/actor=/);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  const keyLabel = (await page.getByLabel('By').locator('option').allTextContents()).find((t) => t.startsWith('API key '));
  await page.getByLabel('By').selectOption({ label: keyLabel! });
  await expect(row).toHaveCount(1);
  await page.getByLabel('By').selectOption('');

  // A date range in the future finds nothing; today finds the row again. Reload keeps it all.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill('2099-01-01');
  await expect(page.getByText('No activity matches these filters')).toBeVisible();
  await page.getByLabel('From').fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await page.getByLabel('To').fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('contract.update');
  await expect(page.getByLabel('From')).toHaveValue(today);
  await expect(row).toHaveCount(1);

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `/tmp/console-a-activity-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The relative time shows the exact time on keyboard focus.
  const when = row.locator('time');
  await when.focus();
  await expect(row.getByRole('tooltip')).toBeVisible();
  await expect(row.getByRole('tooltip')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);

  // The row links to its record.
  await row.getByRole('link', { name: `${name} (AUD)` }).click();
  await expect(page).toHaveURL(new RegExp(`/contracts\\?search=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}`));
  await expect(page.getByRole('table', { name: 'Smart contracts' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // KPI cards link into the lists.
  await page.goto('/overview');
  await page.getByTestId('stat-pending-invitations').getByRole('link').click();
  await expect(page).toHaveURL(/\/members\?status=PENDING$/);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/overview');
    await page.screenshot({ path: `/tmp/console-a-overview-${size.width}.png`, fullPage: true });
  }
});
