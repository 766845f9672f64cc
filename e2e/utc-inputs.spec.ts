import { expect, test } from './fixtures';

/*
 * Every date the console shows is UTC, so every date-time it takes is UTC too: in a browser whose
 * zone is far from UTC (Kolkata, +05:30) a typed time is stored as exactly that UTC instant and
 * shown back unchanged — no shift by the browser's offset.
 */
test.use({ timezoneId: 'Asia/Kolkata' });

const headers = (apiKey: string) => ({ 'x-api-key': apiKey });

test('a contract deployed-at typed in a +05:30 browser is stored and shown as the same UTC time', async ({ page, apiKey, unique }) => {
  expect(await page.evaluate(() => new Date('2026-03-04T05:06:00Z').getTimezoneOffset())).toBe(-330);
  const created = await page.request.post('/api/v1/cl2c/contract', { headers: headers(apiKey), data: { name: `Zones ${unique}`, symbol: 'UTC' } });
  expect(created.status()).toBe(201);
  const contract = (await created.json()) as { id: string; name: string };

  await page.goto(`/contracts?search=${unique}`);
  await page.getByRole('button', { name: `Edit ${contract.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${contract.name}` });
  await dialog.getByLabel('Status').selectOption('DEPLOYED');
  await dialog.getByLabel('Contract address').fill('0x52908400098527886e0f7030069857d2e4169ee7');
  await dialog.getByLabel('Deployed at (UTC)').fill('2026-03-04T05:06');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  const stored = await page.request.get(`/api/v1/cl2c/contract?search=${unique}`, { headers: headers(apiKey) });
  expect(((await stored.json()) as { data: { id: string; deployedAt: string }[] }).data).toMatchObject([{ id: contract.id, deployedAt: '2026-03-04T05:06:00.000Z' }]);
  await expect(page.getByRole('table', { name: 'Smart contracts' }).getByRole('row').filter({ hasText: contract.name })).toContainText(/2026-03-04\s*05:06 UTC/);

  // Opened again, the field shows the stored instant in UTC, not Kolkata's 10:36.
  await page.getByRole('button', { name: `Edit ${contract.name}` }).click();
  await expect(dialog.getByLabel('Deployed at (UTC)')).toHaveValue('2026-03-04T05:06');
});

test('an NFT minted-at typed in a +05:30 browser is stored as the same UTC time', async ({ page, apiKey, unique }) => {
  const contract = await page.request.post('/api/v1/cl2c/contract', { headers: headers(apiKey), data: { name: `Zones NFT ${unique}`, symbol: 'UTN' } });
  const nft = await page.request.post('/api/v1/cl2c/nft', {
    headers: headers(apiKey),
    data: { name: `Dawn ${unique}`, smartContractId: ((await contract.json()) as { id: string }).id },
  });
  expect(nft.status()).toBe(201);
  const { id } = (await nft.json()) as { id: string };

  await page.goto(`/nfts/${id}`);
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await dialog.getByLabel('Status').selectOption('MINTED');
  await dialog.getByLabel('Minted at (UTC)').fill('2026-01-02T23:45');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog).toBeHidden();

  const stored = await page.request.get(`/api/v1/cl2c/nft/${id}`, { headers: headers(apiKey) });
  expect(((await stored.json()) as { mintedAt: string }).mintedAt).toBe('2026-01-02T23:45:00.000Z');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog.getByLabel('Minted at (UTC)')).toHaveValue('2026-01-02T23:45');
});
