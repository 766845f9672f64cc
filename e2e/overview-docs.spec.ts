import { expect, test } from './fixtures';

test('the overview counts contracts and shows recent activity', async ({
  page,
  apiKey,
  unique,
}) => {
  const res = await page.request.post('/api/v1/cl2c/contract', {
    headers: { 'x-api-key': apiKey },
    data: { name: `Overview ${unique}`, symbol: 'OVR' },
  });
  expect(res.status()).toBe(201);
  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('stat-contracts')).toContainText(/\d+/);
  const activity = page.getByRole('table', { name: 'Recent activity' });
  await expect(activity.getByRole('row').nth(1)).toContainText('Contract created');
  await expect(activity.getByRole('row').nth(1)).toContainText('API key');
});

test('the API reference renders the Family A operations and can try one', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Family A/ })).toBeVisible();
  const list = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: '/api/v1/cl2c/contract', exact: true }) })
    .first();
  await expect(list).toContainText('A1');
  // Family B's document may not exist yet: its section is there either way (404 is tolerated).
  await expect(page.locator('#family-B')).toBeVisible();
  await list.getByRole('button', { name: 'Try it' }).click();
  await list.getByRole('button', { name: 'Send request' }).click();
  // Signed in: the console session authenticates Family A without a key.
  await expect(list.getByText('"pagination"')).toBeVisible();
});
