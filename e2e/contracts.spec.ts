import { nfts } from '@/db/schema';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { provisionOrg, signInAs } from './helpers';
import { openAppDb } from './app-db';

const CONTRACTS = '/api/v1/cl2c/contract';

async function createViaApi(page: Page, apiKey: string, body: Record<string, unknown>) {
  const res = await page.request.post(CONTRACTS, { headers: { 'x-api-key': apiKey }, data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

function row(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Smart contracts' })
    .getByRole('row')
    .filter({ hasText: name });
}

test('create a contract in the dialog, then find it by search', async ({
  page,
  apiKey,
  unique,
}) => {
  const name = `Gallery ${unique}`;
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New contract' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New smart contract' });
  await expect(dialog).toBeVisible();

  // The form validates with the API's own schema before sending.
  await dialog.getByRole('button', { name: 'Create contract' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Symbol').fill('bad symbol!');
  await dialog.getByRole('button', { name: 'Create contract' }).click();
  await expect(dialog.getByText('must contain only letters and digits')).toBeVisible();

  await dialog.getByLabel('Symbol').fill('GAL');
  await dialog.getByLabel('Description').fill(`Paintings ${unique}`);
  await dialog.getByLabel('Environment').selectOption('MAINNET');
  await dialog.getByLabel('Metadata').fill('{"artist": ');
  await dialog.getByRole('button', { name: 'Create contract' }).click();
  await expect(dialog.getByText('must be a JSON object')).toBeVisible();
  await dialog.getByLabel('Metadata').fill('{"artist": "Ada"}');
  await dialog.getByRole('button', { name: 'Create contract' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Contract “${name}” created.`)).toBeVisible();
  await expect(row(page, name)).toContainText('CREATED');
  await expect(row(page, name)).toContainText('POLYGON · MAINNET');
  const stored = await page.request.get(`${CONTRACTS}?search=${unique}`, {
    headers: { 'x-api-key': apiKey },
  });
  expect((await stored.json()).data[0]).toMatchObject({
    name,
    symbol: 'GAL',
    env: 'MAINNET',
    metadata: { artist: 'Ada' },
  });

  await page.getByLabel('Search Smart contracts').fill(unique);
  await expect(page).toHaveURL(new RegExp(`search=${unique}`));
  await expect(page.getByRole('table', { name: 'Smart contracts' }).getByRole('row')).toHaveCount(
    2,
  ); // header + 1
  await expect(row(page, name)).toBeVisible();

  // The search is kept in the URL: a reload shows the same result.
  await page.reload();
  await expect(page.getByLabel('Search Smart contracts')).toHaveValue(unique);
  await expect(row(page, name)).toBeVisible();

  await page.getByLabel('Search Smart contracts').fill(`nothing-${unique}`);
  await expect(page.getByText('No contracts match')).toBeVisible();
});

test('mark a contract DEPLOYED with an address', async ({ page, apiKey, unique }) => {
  const contract = await createViaApi(page, apiKey, { name: `Deploy me ${unique}`, symbol: 'DPL' });
  await page.goto(`/contracts?search=${unique}`);
  await page.getByRole('button', { name: `Edit ${contract.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${contract.name}` });

  // DEPLOYED without an address: the API's 400 lands next to the address field.
  await dialog.getByLabel('Status').selectOption('DEPLOYED');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('is required when status is DEPLOYED')).toBeVisible();
  await expect(dialog.getByLabel('Contract address')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Contract address').fill('0x12345');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('must be a valid EVM address')).toBeVisible();

  await dialog.getByLabel('Contract address').fill('0x52908400098527886e0f7030069857d2e4169ee7');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Contract “${contract.name}” updated.`)).toBeVisible();
  const r = row(page, contract.name);
  await expect(r).toContainText('DEPLOYED');
  await expect(r.getByTitle('0x52908400098527886E0F7030069857D2E4169EE7')).toBeVisible(); // stored checksummed
  await expect(r.locator('time').first()).toBeVisible(); // deployedAt defaulted to now

  // The status filter is server-side and kept in the URL.
  await page.getByLabel('Status', { exact: true }).selectOption('CREATED');
  await expect(page).toHaveURL(/status=CREATED/);
  await expect(page.getByText('No contracts match')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('DEPLOYED');
  await expect(row(page, contract.name)).toBeVisible();
});

test('a contract with an NFT cannot be deleted; an empty one can', async ({
  page,
  apiKey,
  organizationId,
  databasePath,
  unique,
}) => {
  const busy = await createViaApi(page, apiKey, { name: `Has NFT ${unique}`, symbol: 'BUSY' });
  const empty = await createViaApi(page, apiKey, { name: `Empty ${unique}`, symbol: 'EMPTY' });
  const db = openAppDb(databasePath);
  db.insert(nfts)
    .values({ organizationId, smartContractId: busy.id, name: `NFT ${unique}` })
    .run();
  db.$client.close();

  await page.goto(`/contracts?search=${unique}`);
  await expect(
    row(page, busy.name).getByRole('link', { name: `1 NFTs of ${busy.name}` }),
  ).toHaveAttribute('href', `/nfts?contractId=${busy.id}`);

  await page.getByRole('button', { name: `Delete ${busy.name}` }).click();
  let dialog = page.getByRole('dialog', { name: `Delete “${busy.name}”?` });
  await dialog.getByRole('button', { name: 'Delete contract' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The contract still has 1 NFT; delete them first.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, busy.name)).toBeVisible();

  // Cancelling asks first and deletes nothing.
  await page.getByRole('button', { name: `Delete ${empty.name}` }).click();
  dialog = page.getByRole('dialog', { name: `Delete “${empty.name}”?` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row(page, empty.name)).toBeVisible();

  await page.getByRole('button', { name: `Delete ${empty.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete contract' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Contract “${empty.name}” deleted.`)).toBeVisible();
  await expect(row(page, empty.name)).toHaveCount(0);
  await expect(row(page, busy.name)).toBeVisible();
  const res = await page.request.get(`${CONTRACTS}?search=${unique}`, {
    headers: { 'x-api-key': apiKey },
  });
  expect((await res.json()).data.map((c: { name: string }) => c.name)).toEqual([busy.name]);
});

test('sorting and paging are kept in the URL', async ({ page, apiKey, unique }) => {
  for (const n of ['Alpha', 'Bravo', 'Charlie'])
    await createViaApi(page, apiKey, { name: `${n} ${unique}`, symbol: n.toUpperCase() });
  await page.goto(`/contracts?search=${unique}&limit=2`);
  const table = page.getByRole('table', { name: 'Smart contracts' });
  // A text column sorts A→Z on the first click, Z→A on the second.
  await table.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sortBy=name&sortOrder=asc/);
  await expect(table.getByRole('row').nth(1)).toContainText(`Alpha ${unique}`);
  await table.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sortOrder=desc/);
  await expect(table.getByRole('row').nth(1)).toContainText(`Charlie ${unique}`);
  await expect(page.getByText('Showing 1–2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole('row').nth(1)).toContainText(`Alpha ${unique}`);
  await expect(page.getByText('Showing 3–3 of 3')).toBeVisible();
});

test.describe('another organization', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('its admin sees only its own contracts', async ({ page, apiKey, unique }) => {
    const ours = await createViaApi(page, apiKey, { name: `Private ${unique}`, symbol: 'PRV' });
    const other = provisionOrg('Other Org');
    await signInAs(page, other.admin.email, other.adminPassword);
    await expect(page.getByTestId('organization-name')).toHaveText(other.organization.name);
    await page.goto(`/contracts?search=${unique}`);
    await expect(page.getByText('No contracts match')).toBeVisible();
    // Not even by id: a delete from the console page (same origin) is a 404 …
    const status = await page.evaluate(
      async (url) => (await fetch(url, { method: 'DELETE' })).status,
      `${CONTRACTS}/${ours.id}`,
    );
    expect(status).toBe(404);
    // … and a cookie-carrying write from outside the app's pages is refused outright.
    const crossSite = await page.request.delete(`${CONTRACTS}/${ours.id}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status()).toBe(403);
    const still = await page.request.get(`${CONTRACTS}?search=${unique}`, {
      headers: { 'x-api-key': apiKey },
    });
    expect((await still.json()).data.map((c: { id: string }) => c.id)).toEqual([ours.id]);
  });
});
