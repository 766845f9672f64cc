import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

// The reference is public: no console session, so only the key typed into the page authenticates.
test.use({ storageState: { cookies: [], origins: [] } });

test('the API reference (Scalar, bundled) sends a real Family A request with a key typed into it', async ({ page, apiKey }) => {
  const external: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !url.protocol.startsWith('data')) external.push(req.url());
  });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Family A/ }).first()).toBeVisible();
  await expect(page.getByText('A1 — list smart contracts').first()).toBeVisible();

  // Open the request client on A1, enter the key in its auth panel and send.
  await page.getByRole('button', { name: /Test Request/i }).first().click();
  const client = page.getByRole('dialog');
  await expect(client).toBeVisible();
  const key = client.getByRole('textbox', { name: 'Value' }).first();
  await key.click();
  await page.keyboard.type(apiKey);
  const responded = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/cl2c/contract' && res.request().headers()['x-api-key'] === apiKey);
  await client.getByRole('button', { name: /^Send/ }).first().click();
  const res = await responded;
  expect(res.status()).toBe(200);
  await expect(client.getByText('200', { exact: false }).first()).toBeVisible();
  expect(external).toEqual([]);
});

test('the reference offers both families, code samples and the Family B auth headers', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('curl').first()).toBeVisible();
  await page.goto('/docs?api=family-b');
  await expect(page.getByRole('heading', { name: /Family B/ }).first()).toBeVisible();
  await expect(page.getByText('B1 — search the tenant’s NFTs').first()).toBeVisible();
  await expect(page.getByText('X-API-Key').first()).toBeVisible();
  await expect(page.getByText('tenant', { exact: true }).first()).toBeVisible();
});

test('the reference has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('A1 — list smart contracts').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Scalar's unnamed widgets get their names from scalar-reference.tsx; nothing is exempt here.
  expect(bad.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});
