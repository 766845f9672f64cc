import type { Browser, Page } from '@playwright/test';
import { setPassword } from '@/lib/auth/passwords';
import { registerUserInOrganization } from '@/lib/users/registration';
import { pickOption } from './combobox';
import { expect, test } from './fixtures';
import { openAppDb } from './app-db';
import { sqliteStore } from '@/lib/storage/sqlite/store';

const HOLDER_PASSWORD = 'holder password 1';

/** An active member with a custodial wallet and a login, written straight into the app's database. */
async function addMember(databasePath: string, organizationId: string, firstName: string, unique: string) {
  const db = openAppDb(databasePath);
  try {
    const email = `${firstName.toLowerCase()}-${unique}@example.test`;
    const { user } = db.transaction((tx) =>
      registerUserInOrganization(tx, organizationId, { email, firstName, lastName: 'Holder', userName: `${firstName.toLowerCase()}_${unique}` }),
    );
    // A holder proves who they are with their own login (a link alone is not the person).
    await setPassword(sqliteStore(db), user.id, HOLDER_PASSWORD);
    return email;
  } finally {
    db.$client.close();
  }
}

/** The newest copyright request link mailed to `email`, read from the console's Outbox. */
async function linkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto(`/outbox?search=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: `View mail to ${email}` }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('mail-text')).toContainText('copyright holder');
  const link = await dialog.getByTestId('mail-link').getAttribute('href');
  expect(link).toMatch(/\/copyright\/[A-Za-z0-9_-]{43}$/);
  await page.keyboard.press('Escape');
  return link!;
}

/** The holder opens their link in a browser of their own: the page asks them to sign in, then to answer. */
async function answer(browser: Browser, link: string, email: string, choice: 'Authorize my share' | 'Reject', location: string, reason?: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const holder = await context.newPage();
  await holder.goto(link);
  await expect(holder).toHaveURL(/\/login/);
  await holder.getByLabel('E-mail').fill(email);
  await holder.getByLabel('Password').fill(HOLDER_PASSWORD);
  await holder.getByRole('button', { name: 'Sign in' }).click();
  await expect(holder).toHaveURL(new RegExp(`/copyright/`));
  await expect(holder.getByRole('heading', { name: 'Authorize your copyright share' })).toBeVisible();
  await expect(holder.getByRole('table', { name: 'The whole split' })).toBeVisible();
  await expect(holder.getByRole('heading', { name: /^Licence: Creative Commons Attribution 4\.0/ })).toBeVisible();
  // The place is required: an empty answer names the field.
  await holder.getByRole('button', { name: choice }).click();
  await expect(holder.getByText(/is required: say where you are deciding from/)).toBeVisible();
  await holder.getByLabel('Where are you deciding from?').fill(location);
  if (reason) await holder.getByLabel('Reason (optional)').fill(reason);
  await holder.getByRole('button', { name: choice }).click();
  await expect(holder.getByTestId('copyright-answered')).toHaveAttribute('data-decision', choice === 'Reject' ? 'REJECTED' : 'AUTHORIZED');
  await holder.screenshot({ path: `.tmp/copyright-answer-${choice === 'Reject' ? 'reject' : 'authorize'}.png`, fullPage: true });
  // Single use: the same link now says so.
  await holder.goto(link);
  await expect(holder.getByTestId('copyright-link-state')).toHaveAttribute('data-state', 'used');
  await context.close();
}

test('two holders: one authorizes, one rejects; the split is edited; both authorize; copyrighted, verified, B2 says so', async ({
  page,
  browser,
  request,
  apiKey,
  tenant,
  tenantApiKey,
  databasePath,
  organizationId,
  unique,
}) => {
  const contract = await request.post('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, data: { name: `Rights ${unique}`, symbol: 'CPR' } });
  expect(contract.status()).toBe(201);
  const { id: contractId, name: contractName } = (await contract.json()) as { id: string; name: string };
  // Deployed by the service, so the NFT is minted as soon as its split is copyrighted.
  const deployed = await request.post(`/api/v1/cl2c/contract/${contractId}/deploy`, { headers: { 'x-api-key': apiKey } });
  expect(deployed.status()).toBe(200);
  const ana = await addMember(databasePath, organizationId, 'Ana', unique);
  const ben = await addMember(databasePath, organizationId, 'Ben', unique);
  const name = `Consent ${unique}`;

  // Create the NFT with two holders and a licence in the console.
  await page.goto('/nfts/new');
  await page.getByLabel('Name').fill(name);
  await pickOption(page.getByRole('combobox', { name: /^Smart contract/ }), contractName, new RegExp(`^${contractName} \\(CPR\\)`));
  await page.getByRole('button', { name: 'Add holder' }).click();
  await pickOption(page.getByLabel('Holder 1', { exact: true }), ana, new RegExp(`Ana Holder\\s*${ana}`));
  await page.getByLabel('Percentage of holder 1').fill('50');
  await page.getByRole('button', { name: 'Add holder' }).click();
  await pickOption(page.getByLabel('Holder 2', { exact: true }), ben, new RegExp(`Ben Holder\\s*${ben}`));
  await page.getByLabel('Percentage of holder 2').fill('50');
  await page.getByLabel('Licence').selectOption('CC-BY-4.0');
  await page.getByRole('button', { name: 'Create NFT' }).click();
  await expect(page).toHaveURL(/\/nfts\/[0-9a-f-]{36}$/);
  const nftId = page.url().split('/').pop()!;
  const panel = page.getByTestId('copyright-status');
  await expect(panel).toHaveAttribute('data-status', 'AWAITING');
  await expect(page.getByTestId('copyright-waiting')).toContainText(ana);
  await expect(page.getByTestId('copyright-waiting')).toContainText(ben);
  await expect(page.getByTestId('copyright-licence')).toHaveText('Creative Commons Attribution 4.0 International');

  // Each holder opens their link from the outbox: Ana authorizes, Ben rejects.
  const anaFirst = await linkFromOutbox(page, ana);
  const benFirst = await linkFromOutbox(page, ben);
  await answer(browser, anaFirst, ana, 'Authorize my share', 'Lisbon, Portugal');
  await answer(browser, benFirst, ben, 'Reject', 'Berlin, Germany', 'The split is wrong');

  // The console shows both states, with time and place, and what to do next.
  await page.goto(`/nfts/${nftId}`);
  await expect(panel).toHaveAttribute('data-status', 'REJECTED');
  const anaRow = page.locator(`[data-testid="copyright-share"][data-email="${ana}"]`);
  const benRow = page.locator(`[data-testid="copyright-share"][data-email="${ben}"]`);
  await expect(anaRow).toHaveAttribute('data-status', 'AUTHORIZED');
  await expect(anaRow).toContainText('Lisbon, Portugal');
  await expect(benRow).toHaveAttribute('data-status', 'REJECTED');
  await expect(benRow).toContainText('Berlin, Germany');
  await expect(benRow).toContainText('The split is wrong');
  await expect(page.getByTestId('copyright-status-text')).toContainText('Change the split');
  await page.screenshot({ path: '.tmp/copyright-rejected.png', fullPage: true });

  // The list filters by copyright state.
  await page.goto(`/nfts?search=${encodeURIComponent(unique)}&copyrightStatus=REJECTED`);
  await expect(page.getByRole('table', { name: 'NFTs' }).getByRole('link', { name })).toBeVisible();
  await page.getByLabel('Copyright', { exact: true }).selectOption('AWAITING');
  await expect(page).toHaveURL(/copyrightStatus=AWAITING/);
  await expect(page.getByRole('table', { name: 'NFTs' }).getByRole('link', { name })).toHaveCount(0);

  // Edit the split: a new round, everyone asked again.
  await page.goto(`/nfts/${nftId}`);
  await page.getByRole('button', { name: 'Change split' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit copyright split' });
  await dialog.getByLabel('Percentage of holder 1').fill('30');
  await dialog.getByLabel('Percentage of holder 2').fill('70');
  await dialog.getByRole('button', { name: 'Save split and ask again' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel).toHaveAttribute('data-status', 'AWAITING');
  await expect(page.getByTestId('copyright-waiting')).toContainText(ben);

  // The first round's link is dead; the new ones work.
  const anaSecond = await linkFromOutbox(page, ana);
  const benSecond = await linkFromOutbox(page, ben);
  expect(anaSecond).not.toBe(anaFirst);
  const stale = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const stalePage = await stale.newPage();
  await stalePage.goto(anaFirst);
  await expect(stalePage.getByTestId('copyright-link-state')).toHaveAttribute('data-state', 'used');
  await stale.close();
  await answer(browser, anaSecond, ana, 'Authorize my share', 'Lisbon, Portugal');
  await answer(browser, benSecond, ben, 'Authorize my share', 'Berlin, Germany');

  // Copyrighted: signed record, verified.
  await page.goto(`/nfts/${nftId}`);
  await expect(panel).toHaveAttribute('data-status', 'COPYRIGHTED');
  await expect(page.getByTestId('copyright-signature')).toHaveText(/^0x[0-9a-f]{130}$/);
  await page.getByRole('button', { name: 'Verify signature' }).click();
  await expect(page.getByTestId('copyright-verify-result')).toContainText("Verified: EIP-712 signature recovers to the organization's wallet");
  await page.getByText('History of decisions (4)').click();
  await expect(page.getByText(/Round 1: .* rejected/)).toBeVisible();
  await page.screenshot({ path: '.tmp/copyright-copyrighted.png', fullPage: true });

  // Family B: copyrighted is true, with the record, its signature and the licence.
  const b2 = await request.get(`/v1/cl2c/nfts/${nftId}`, { headers: { tenant, 'X-API-Key': tenantApiKey } });
  expect(b2.status()).toBe(200);
  const detail = (await b2.json()) as {
    copyrighted: boolean;
    minted: boolean;
    tokenUri: string;
    licence: string;
    signature: string;
    copyrightMetadata: string;
  };
  expect(detail.copyrighted).toBe(true);
  // Minted right after the record was signed; the token metadata names the record.
  expect(detail.minted).toBe(true);
  const tokenMetadata = await request.get(`/ipfs/${detail.tokenUri.replace('ipfs://', '')}`);
  const properties = ((await tokenMetadata.json()) as { properties: { copyright: { record: string; signature: string } } }).properties;
  expect(properties.copyright.record).toMatch(/^ipfs:\/\/baf/);
  expect(properties.copyright.signature).toBe(detail.signature);
  expect(detail.licence).toBe('CC-BY-4.0');
  expect(detail.signature).toMatch(/^0x/);
  expect(JSON.parse(detail.copyrightMetadata)).toMatchObject({ nft: { id: nftId, name }, round: 2 });
});
