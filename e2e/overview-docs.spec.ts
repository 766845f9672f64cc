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
