import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { decideByToken } from '@/lib/copyright/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { registerUserInOrganization } from '@/lib/users/registration';
import { pickOption } from './combobox';
import { expect, test } from './fixtures';
import { mode } from './modes';
import { openAppDb } from './app-db';

/**
 * Issue 31, the flows: minting is explicit, a page per contract, truthful states, holders
 * without the detour, sends, the CSV preview's server check, and the small ones — in every
 * project of playwright.config.ts (1440 and 390 px, light and dark), on the default embedded chain
 * (CHAIN=local: real signed transactions, nothing broadcast).
 */

function addMember(databasePath: string, organizationId: string, firstName: string, unique: string) {
  const db = openAppDb(databasePath);
  try {
    const email = `${firstName.toLowerCase()}-${unique}@example.test`;
    const r = db.transaction((tx) =>
      registerUserInOrganization(tx, organizationId, { email, firstName, lastName: 'Flows', userName: `${firstName.toLowerCase()}_${unique}` }),
    );
    return { email, userId: r.user.id, membershipId: r.membershipId };
  } finally {
    db.$client.close();
  }
}

async function createContract(request: APIRequestContext, apiKey: string, data: Record<string, unknown>, deploy = false) {
  const res = await request.post('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, data });
  expect(res.status()).toBe(201);
  const contract = (await res.json()) as { id: string; name: string };
  if (deploy) expect((await request.post(`/api/v1/cl2c/contract/${contract.id}/deploy`, { headers: { 'x-api-key': apiKey } })).status()).toBe(200);
  return contract;
}

async function noSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

// Whole flows, several pages each, on a machine other builds share.
test.describe.configure({ timeout: 120_000 });

test('a contract has its own page: timeline, confirmed deploy, focus on the result, transaction and address with copy', async ({
  page,
  context,
  request,
  apiKey,
  unique,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const contract = await createContract(request, apiKey, { name: `Page ${unique}`, symbol: 'pg', description: 'A contract page' });
  await page.goto('/contracts');
  await page.getByRole('searchbox').fill(contract.name);
  // The search settles into the URL first (a click during that replace would be undone by it).
  await expect(page).toHaveURL(/search=Page/);
  // One result: a table row on a desktop, a card on a phone (the list shell shows one or the other).
  await expect(page.locator('tbody tr:visible, [data-testid="list-card"]:visible')).toHaveCount(1);
  await page.getByRole('link', { name: contract.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contracts/${contract.id}$`));
  await expect(page.getByRole('heading', { name: contract.name })).toBeVisible();
  const timeline = page.getByTestId('contract-timeline');
  await expect(timeline.locator('[data-step="deploy"]')).toHaveAttribute('data-state', 'todo');
  await expect(page.getByTestId('contract-symbol')).toHaveText('pg');
  await noSeriousAxe(page);

  // Deploy asks first, naming network and env; no MAINNET warning on TESTNET.
  await page.getByRole('button', { name: `Deploy ${contract.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deploy “${contract.name}” on POLYGON TESTNET?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('mainnet-warning')).toHaveCount(0);
  await noSeriousAxe(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('contract-status')).toContainText('CREATED');
  await page.getByRole('button', { name: `Deploy ${contract.name}` }).click();
  await confirm.getByRole('button', { name: 'Deploy on TESTNET' }).click();
  await expect(confirm).toBeHidden();
  // Focus lands on the result, not on the page body.
  await expect(page.getByTestId('contract-status')).toBeFocused();
  await expect(page.getByTestId('contract-status')).toContainText('DEPLOYED');
  await expect(timeline.locator('[data-step="deployed"]')).toHaveAttribute('data-state', 'done');
  const hash = page.getByTestId('deploy-tx');
  await expect(hash).toHaveText(/^0x[0-9a-f]{64}$/);
  const address = (await page.getByTestId('contract-address').textContent())!;
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await page.getByRole('button', { name: 'Copy contract address' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  // Nothing is broadcast on the embedded chain, so there is no explorer entry to link to — said so.
  await expect(page.getByRole('link', { name: /block explorer/ })).toHaveCount(0);
  await expect(page.getByText(/No explorer link: this server signs on its embedded chain/)).toBeVisible();
  await page.screenshot({ path: `.tmp/contract-page-${mode().name}.png`, fullPage: true });

  // A MAINNET deploy warns about real funds.
  const mainnet = await createContract(request, apiKey, { name: `Main ${unique}`, symbol: 'MN', env: 'MAINNET' });
  await page.goto(`/contracts/${mainnet.id}`);
  await page.getByRole('button', { name: `Deploy ${mainnet.name}` }).click();
  const warn = page.getByRole('dialog', { name: `Deploy “${mainnet.name}” on POLYGON MAINNET?` });
  await expect(warn.getByTestId('mainnet-warning')).toContainText('real funds');
  await warn.getByRole('button', { name: 'Cancel' }).click();

  // Setting DEPLOYED by hand explains what it does to minting before it is saved.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${mainnet.name}` });
  await expect(edit.getByTestId('hand-deployed-warning')).toHaveCount(0);
  await edit.getByLabel('Status').selectOption('DEPLOYED');
  await expect(edit.getByTestId('hand-deployed-warning')).toContainText('no NFT of this contract can be minted');
  await edit.getByRole('button', { name: 'Cancel' }).click();
});

test('minting is explicit: the form says what will happen, "Create and mint", MAINNET confirms, Mint confirms and focuses the result', async ({
  page,
  request,
  apiKey,
  databasePath,
  organizationId,
  unique,
}) => {
  const deployed = await createContract(request, apiKey, { name: `Mintable ${unique}`, symbol: 'MNT' }, true);
  const holder = addMember(databasePath, organizationId, 'Hana', unique);
  await page.goto(`/nfts/new?contractId=${deployed.id}`);
  const plan = page.getByTestId('mint-plan');
  await expect(plan).toHaveAttribute('data-plan', 'now');
  await expect(plan).toContainText('Minted on creation on POLYGON · TESTNET');
  await expect(page.getByRole('button', { name: 'Create and mint' })).toBeVisible();
  // With a holder, nothing is minted now: it waits for the holders.
  await page.getByRole('button', { name: 'Add holder' }).click();
  await expect(plan).toHaveAttribute('data-plan', 'after-consent');
  await expect(plan).toContainText('when the last holder authorizes');
  await expect(page.getByRole('button', { name: 'Create NFT' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove holder 1' }).click();
  await noSeriousAxe(page);
  const name = `Minted now ${unique}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create and mint' }).click();
  await expect(page).toHaveURL(/\/nfts\/[0-9a-f-]{36}$/);
  await expect(toast(page, `NFT “${name}” created and minted.`)).toBeVisible();
  await expect(page.getByTestId('mint-result')).toContainText(/Minted as token #\d+/);

  // MAINNET: Create and mint asks first; cancelling creates nothing.
  const main = await createContract(request, apiKey, { name: `Main mint ${unique}`, symbol: 'MM', env: 'MAINNET' }, true);
  await page.goto(`/nfts/new?contractId=${main.id}`);
  await expect(page.getByTestId('mint-plan')).toContainText('MAINNET: real funds');
  const mainName = `Mainnet ${unique}`;
  await page.getByLabel('Name').fill(mainName);
  await page.getByRole('button', { name: 'Create and mint' }).click();
  const confirm = page.getByRole('dialog', { name: 'Create and mint on MAINNET?' });
  await expect(confirm.getByTestId('mainnet-warning')).toContainText('spending real funds');
  await noSeriousAxe(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  const listed = async () =>
    ((await (await request.get('/api/v1/cl2c/nft', { headers: { 'x-api-key': apiKey }, params: { search: mainName } })).json()) as { pagination: { total: number } })
      .pagination.total;
  expect(await listed()).toBe(0);
  await page.getByRole('button', { name: 'Create and mint' }).click();
  await confirm.getByRole('button', { name: 'Create and mint on MAINNET' }).click();
  await expect(page).toHaveURL(/\/nfts\/[0-9a-f-]{36}$/);
  expect(await listed()).toBe(1);

  // An NFT on a contract deployed later: Mint (on its page) confirms, then focus lands on the result.
  const later = await createContract(request, apiKey, { name: `Later ${unique}`, symbol: 'LTR' });
  const nft = await request.post('/api/v1/cl2c/nft', { headers: { 'x-api-key': apiKey }, data: { name: `Later NFT ${unique}`, smartContractId: later.id } });
  const nftId = ((await nft.json()) as { id: string; status: string }).id;
  await page.goto(`/nfts/${nftId}`);
  await expect(page.getByTestId('mint-blocked')).toHaveText('Deploy the contract to mint');
  expect((await request.post(`/api/v1/cl2c/contract/${later.id}/deploy`, { headers: { 'x-api-key': apiKey } })).status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Mint', exact: true }).click();
  const mint = page.getByRole('dialog', { name: `Mint “Later NFT ${unique}” on POLYGON TESTNET?` });
  await expect(mint).toContainText('cannot be deleted');
  await mint.getByRole('button', { name: 'Mint on TESTNET' }).click();
  await expect(mint).toBeHidden();
  await expect(page.getByTestId('mint-result')).toBeFocused();
  await expect(page.getByTestId('mint-result')).toContainText(/Minted as token #\d+/);
  await expect(page.getByTestId('mint-tx')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(page.getByRole('button', { name: 'Copy mint transaction hash' })).toBeVisible();
  void holder;
});

test('truthful states: one holder list, a rejection shown as such with reason and time, the mint said in advance, Outbox labels by kind', async ({
  page,
  request,
  apiKey,
  databasePath,
  organizationId,
  unique,
}) => {
  const contract = await createContract(request, apiKey, { name: `States ${unique}`, symbol: 'ST' }, true);
  const ana = addMember(databasePath, organizationId, 'Ana', unique);
  const ben = addMember(databasePath, organizationId, 'Ben', unique);
  const created = await request.post('/api/v1/cl2c/nft', {
    headers: { 'x-api-key': apiKey },
    data: { name: `Split ${unique}`, smartContractId: contract.id, copyright: [{ userId: ana.userId, percentage: 60 }, { userId: ben.userId, percentage: 40 }] },
  });
  expect(created.status()).toBe(201);
  const nftId = ((await created.json()) as { id: string }).id;
  await page.goto(`/nfts/${nftId}`);
  await expect(page.getByTestId('mint-when-authorized')).toHaveText(
    'It will be minted on POLYGON · TESTNET when the last holder authorizes — automatically, with no further step.',
  );
  await expect(page.getByTestId('mint-blocked')).toHaveText('Waiting for copyright authorization');

  // Ben rejects through his mailed link, with a reason.
  const outbox = await page.request.get('/api/v1/console/outbox', { params: { search: ben.email } });
  const link = ((await outbox.json()) as { data: { links: string[] }[] }).data[0]!.links[0]!;
  const token = link.split('/').pop()!;
  // The link page needs Ben's own session (his login is not part of this test): his decision is
  // recorded by the same service function that page calls, as him.
  const db = openAppDb(databasePath);
  try {
    const decided = await decideByToken(sqliteStore(db), token, { decision: 'REJECT', location: 'Porto', reason: 'Not my work' }, {
      requestId: `e2e-${unique}`,
      clientAddress: '127.0.0.1',
      person: { userId: ben.userId, email: ben.email, sessionIdHash: `e2e-${unique}` },
    });
    expect(decided.decision).toBe('REJECTED');
  } finally {
    db.$client.close();
  }

  await page.reload();
  await expect(page.getByTestId('mint-blocked')).toHaveText('Copyright rejected — change the split');
  const holders = page.getByRole('table', { name: 'Copyright holders' });
  // One list, one row per holder.
  await expect(page.getByRole('table', { name: 'Copyright holders' })).toHaveCount(1);
  await expect(holders.locator('tbody tr')).toHaveCount(2);
  const benRow = holders.locator('tbody tr').filter({ hasText: ben.email });
  await expect(benRow).toContainText('REJECTED');
  await expect(benRow.getByTestId('share-reason')).toHaveText('Reason: “Not my work”');
  await expect(benRow).toContainText('Porto');
  await expect(benRow).toContainText(/Rejected \d{4}-\d{2}-\d{2}/);
  const anaRow = holders.locator('tbody tr').filter({ hasText: ana.email });
  await expect(anaRow).toContainText('PENDING');
  await expect(anaRow).toContainText('not answered');
  await expect(page.getByText('Not answered yet')).toHaveCount(0);
  await noSeriousAxe(page);
  await page.screenshot({ path: `.tmp/nft-rejected-${mode().name}.png`, fullPage: true });

  // The Outbox names each mail's link by its kind.
  await page.goto(`/outbox?search=${encodeURIComponent(ana.email)}`);
  await page.getByRole('button', { name: `View mail to ${ana.email}` }).first().click();
  await expect(page.getByRole('dialog').getByTestId('mail-link-label')).toHaveText('Copyright request link');
  await page.keyboard.press('Escape');
  const invitee = `invitee-${unique}@example.test`;
  expect((await request.post('/api/v1/cl2c/user/bulk', { headers: { 'x-api-key': apiKey }, data: { users: [{ email: invitee }] } })).status()).toBe(200);
  await page.goto(`/outbox?search=${encodeURIComponent(invitee)}`);
  await page.getByRole('button', { name: `View mail to ${invitee}` }).click();
  await expect(page.getByRole('dialog').getByTestId('mail-link-label')).toHaveText('Invitation link');
});

test('holders without the detour: the split editor invites a person who is not a member and says what happens next', async ({ page, unique }) => {
  await page.goto('/nfts/new');
  await page.getByRole('button', { name: 'Add holder' }).click();
  await page.getByRole('combobox', { name: 'Holder 1' }).fill(`nobody-${unique}`);
  await expect(page.getByRole('listbox').getByText(/Not a member yet\? Use “Invite a holder”/)).toBeVisible();
  await page.getByRole('button', { name: 'Invite a holder who is not a member yet' }).click();
  const email = `new-holder-${unique}@example.test`;
  await page.getByLabel('Holder’s e-mail').fill(email);
  await page.getByLabel('Holder’s e-mail').press('Enter');
  const result = page.getByTestId('invite-holder-result');
  await expect(result).toHaveAttribute('data-status', 'invited');
  await expect(result).toContainText(`Invitation sent to ${email}. They become a member when they accept it`);
  // Enter invited; it did not submit the NFT form.
  await expect(page).toHaveURL(/\/nfts\/new$/);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(result).toHaveAttribute('data-status', 'skipped');
  await expect(result).toContainText('already has a pending invitation');
  await noSeriousAxe(page);
});

test('sends: the confirm dialog shows the balance, errors name the problem, the form resets after a send', async ({
  page,
  databasePath,
  organizationId,
  unique,
}) => {
  const member = addMember(databasePath, organizationId, 'Tess', unique);
  await page.goto('/tokens');
  await pickOption(page.getByRole('combobox', { name: /^Member/ }), member.email, new RegExp(member.email));
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await expect(page.getByText('Amount is required')).toBeVisible();
  await page.getByLabel('Amount').fill('1.25');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm token send' });
  await expect(dialog.getByTestId('confirm-balance')).toContainText(/[0-9.]+ \(native\)/);
  await expect(dialog.getByTestId('confirm-balance')).toContainText('Embedded chain: nothing is broadcast');
  await noSeriousAxe(page);
  await dialog.getByRole('button', { name: 'Send tokens' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('send-result')).toBeVisible();
  await expect(page.getByLabel('Amount')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: /^Member/ })).toHaveValue('');
});

test('CSV preview checks members and pending invitations on the server before "Send N invitations"', async ({
  page,
  request,
  apiKey,
  adminEmail,
  unique,
}) => {
  const invited = `already-${unique}@example.test`;
  expect((await request.post('/api/v1/cl2c/user/bulk', { headers: { 'x-api-key': apiKey }, data: { users: [{ email: invited }] } })).status()).toBe(200);
  const fresh = `fresh-${unique}@example.test`;
  const csv = `email,phone\n${fresh},\n${adminEmail.toUpperCase()},\n${invited},\n,+15551234567\n`;
  await page.goto('/members/import');
  await page.getByLabel('CSV file').setInputFiles({ name: `check-${unique}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const summary = page.getByTestId('preview-summary');
  await expect(summary).toContainText('4 rows');
  await expect(summary).toContainText('1 to invite');
  await expect(summary).toContainText('1 already members');
  await expect(summary).toContainText('1 already invited');
  await expect(summary).toContainText('1 invalid');
  const table = page.getByRole('table', { name: 'Preview' });
  await expect(table.getByRole('row', { name: new RegExp(adminEmail.toUpperCase()) })).toContainText('Already a member — skipped');
  await expect(table.getByRole('row', { name: new RegExp(invited) })).toContainText('Already invited (pending) — skipped');
  await expect(table.getByRole('row', { name: /\(empty\)/ })).toContainText('email: is required');
  await noSeriousAxe(page);
  await page.getByRole('button', { name: 'Send 1 invitation' }).click();
  const results = page.getByTestId('results-summary');
  await expect(results).toContainText('1 invited');
  await expect(results).toContainText('2 skipped');
  await expect(results).toContainText('1 failed');
});

test('small ones: symbol as typed, API keys named by what they open, /docs links back, the skip link reaches the main action', async ({
  page,
  apiKey,
  request,
  unique,
}) => {
  await page.goto('/contracts');
  // The page settled (list loaded, hydrated) before the keyboard is used.
  await expect(page.getByRole('button', { name: 'New contract' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Skip link: first Tab, Enter moves focus into the main area, then one Tab reaches the page's main action.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'New contract' }).first()).toBeFocused();

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New smart contract' });
  const name = `Lower ${unique}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Symbol').fill('sun');
  // What the field shows is what is saved: no capitals drawn over a lower-case value.
  await expect(dialog.getByLabel('Symbol')).toHaveCSS('text-transform', 'none');
  await dialog.getByRole('button', { name: 'Create contract' }).click();
  await expect(dialog).toBeHidden();
  const saved = await request.get('/api/v1/cl2c/contract', { headers: { 'x-api-key': apiKey }, params: { search: name } });
  expect(((await saved.json()) as { data: { symbol: string }[] }).data[0]!.symbol).toBe('sun');

  await page.goto('/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const keys = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(keys.getByRole('radio', { name: /^Organization API/ })).toBeChecked();
  await expect(keys.getByText('Contracts, NFTs, members, invitations and token sends: /api/v1/cl2c/…')).toBeVisible();
  await expect(keys.getByText('NFT search and the tenant’s users: /v1/cl2c/…')).toBeVisible();
  await expect(keys.getByText(/Family [AB]/)).toHaveCount(0);
  await noSeriousAxe(page);
  await keys.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/docs');
  await page.getByRole('link', { name: '← Back to the console' }).click();
  await expect(page).toHaveURL(/\/overview$/);
});
