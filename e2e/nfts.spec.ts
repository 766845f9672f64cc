import type { APIRequestContext } from '@playwright/test';
import { registerUserInOrganization } from '@/lib/users/registration';
import { pickOption } from './combobox';
import { expect, test } from './fixtures';
import { openAppDb } from './app-db';

/** 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function createContract(request: APIRequestContext, apiKey: string, name: string) {
  const res = await request.post('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, data: { name, symbol: 'E2E' } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** A second active member of the e2e organization, written straight into the app's database. */
function addMember(databasePath: string, organizationId: string, unique: string) {
  const db = openAppDb(databasePath);
  try {
    const email = `holder-${unique}@example.test`;
    db.transaction((tx) =>
      registerUserInOrganization(tx, organizationId, { email, firstName: 'Holly', lastName: 'Holder', userName: `holder_${unique}` }),
    );
    return email;
  } finally {
    db.$client.close();
  }
}

test('create an NFT with an uploaded image and a 60/40 split, list, detail, edit, filter', async ({
  page,
  request,
  apiKey,
  adminEmail,
  databasePath,
  organizationId,
  unique,
}) => {
  const contract = await createContract(request, apiKey, `Art ${unique}`);
  const otherContract = await createContract(request, apiKey, `Other ${unique}`);
  const holderEmail = addMember(databasePath, organizationId, unique);
  const name = `Sunrise ${unique}`;

  // Create through the form.
  await page.goto('/nfts/new');
  await page.getByLabel('Name').fill(name);
  await pickOption(page.getByRole('combobox', { name: /^Smart contract/ }), contract.name, new RegExp(`^${contract.name} \\(E2E\\)`));
  await page.getByLabel('Description').fill('Uploaded from the console');
  await page.getByText('Upload', { exact: true }).click();
  await page.getByLabel('Image file').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('image-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);

  await page.getByRole('button', { name: 'Add holder' }).click();
  await pickOption(page.getByLabel('Holder 1', { exact: true }), adminEmail, new RegExp(adminEmail));
  await page.getByLabel('Percentage of holder 1').fill('60');
  await page.getByRole('button', { name: 'Add holder' }).click();
  await pickOption(page.getByLabel('Holder 2', { exact: true }), holderEmail, new RegExp(`Holly Holder\\s*${holderEmail}`));
  await page.getByLabel('Percentage of holder 2').fill('30');
  await expect(page.getByTestId('copyright-total')).toContainText('Total: 90% — must be exactly 100 (10 left)');
  await page.getByLabel('Percentage of holder 2').fill('40');
  await expect(page.getByTestId('copyright-total')).toHaveText('Total: 100% ✓');
  await expect(page.getByRole('figure', { name: 'Copyright split chart' }).first()).toBeVisible();
  await page.screenshot({ path: '.tmp/nft-create.png', fullPage: true });
  await page.getByRole('button', { name: 'Create NFT' }).click();

  // Lands on the detail page: holders with PENDING shares, the image CID, the metadata JSON.
  await expect(page).toHaveURL(/\/nfts\/[0-9a-f-]{36}$/);
  const nftId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const holders = page.getByRole('table', { name: 'Copyright holders' });
  await expect(holders.getByRole('row', { name: new RegExp(`${adminEmail}.*60%.*PENDING`) })).toBeVisible();
  await expect(holders.getByRole('row', { name: new RegExp(`${holderEmail}.*40%.*PENDING`) })).toBeVisible();
  await expect(page.getByRole('link', { name: /^bafkrei/ }).first()).toBeVisible();
  await expect(page.getByTestId('metadata-json')).toContainText(`"name": "${name}"`);
  await expect(page.getByTestId('metadata-json')).toContainText('"image": "ipfs://bafkrei');
  await page.screenshot({ path: '.tmp/nft-detail.png', fullPage: true });

  // In the list with its thumbnail served from /ipfs/.
  await page.goto(`/nfts?search=${encodeURIComponent(unique)}`);
  const table = page.getByRole('table', { name: 'NFTs' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const thumb = row.getByRole('img', { name });
  await expect(thumb).toHaveAttribute('src', /^\/ipfs\/bafkrei/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await page.screenshot({ path: '.tmp/nft-list.png', fullPage: true });

  // Open its detail from the list and edit its supply.
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/nfts/${nftId}$`));
  await expect(page.getByTestId('nft-supply')).toHaveText('1');
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit NFT' });
  await dialog.getByLabel('Supply').fill('5');
  await page.screenshot({ path: '.tmp/nft-edit.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('NFT updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('nft-supply')).toHaveText('5');

  // A second NFT in another contract, minted through the API, for the filters.
  const minted = await request.post('/api/v1/cl2c/nft', {
    headers: { 'x-api-key': apiKey },
    data: { name: `Moonrise ${unique}`, smartContractId: otherContract.id },
  });
  expect(minted.status()).toBe(201);
  const mintedId = ((await minted.json()) as { id: string }).id;
  const a7 = await request.put('/api/v1/cl2c/nft', { headers: { 'x-api-key': apiKey }, data: { id: mintedId, status: 'MINTED' } });
  expect(a7.status()).toBe(200);

  await page.goto(`/nfts?search=${encodeURIComponent(unique)}`);
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await page.getByLabel('Status', { exact: true }).selectOption('MINTED');
  await expect(page).toHaveURL(/status=MINTED/);
  await expect(table.getByRole('row', { name: new RegExp(`Moonrise ${unique}`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/status=/);
  await pickOption(page.getByLabel('Contract', { exact: true }), contract.name, `${contract.name} (E2E)`);
  await expect(page).toHaveURL(new RegExp(`contractId=${contract.id}`));
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`Moonrise ${unique}`) })).toHaveCount(0);

  // The filters survive a reload (they live in the URL).
  await page.reload();
  await expect(page.getByLabel('Contract', { exact: true })).toHaveValue(`${contract.name} (E2E)`);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // Contracts link to their NFTs.
  await page.goto(`/contracts?search=${encodeURIComponent(`Art ${unique}`)}`);
  await page.getByRole('link', { name: `1 NFTs of ${contract.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/nfts\\?contractId=${contract.id}`));
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('the split editor blocks a total of 99.99 and server refusals show next to their field', async ({ page, request, apiKey, adminEmail, unique }) => {
  const contract = await createContract(request, apiKey, `Checks ${unique}`);
  await page.goto('/nfts/new');
  await page.getByLabel('Name').fill(`Refused ${unique}`);
  await pickOption(page.getByRole('combobox', { name: /^Smart contract/ }), contract.name, new RegExp(`^${contract.name} \\(E2E\\)`));
  await page.getByRole('button', { name: 'Add holder' }).click();
  await pickOption(page.getByLabel('Holder 1', { exact: true }), adminEmail, new RegExp(adminEmail));
  await page.getByLabel('Percentage of holder 1').fill('99.99');
  await expect(page.getByTestId('copyright-total')).toContainText('Total: 99.99% — must be exactly 100 (0.01 left)');
  await page.getByRole('button', { name: 'Create NFT' }).click();
  await expect(page.getByText('percentages must add up to exactly 100 (they add up to 99.99)')).toBeVisible();
  await expect(page).toHaveURL(/\/nfts\/new$/);

  // Fixing the total clears the message at once.
  await page.getByLabel('Percentage of holder 1').fill('100');
  await expect(page.getByText('percentages must add up to exactly 100')).toHaveCount(0);

  // A loopback image URL passes the form but the server refuses it; the reason shows at the image.
  await page.getByText('URL', { exact: true }).click();
  await page.getByLabel('Image URL').fill('http://127.0.0.1:9/secret.png');
  await page.getByRole('button', { name: 'Create NFT' }).click();
  await expect(page.getByText('127.0.0.1 is a loopback address; only public addresses are fetched')).toBeVisible();
  await expect(page).toHaveURL(/\/nfts\/new$/);
  await page.screenshot({ path: '.tmp/nft-refused.png', fullPage: true });
});
