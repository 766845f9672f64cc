import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startEmbeddedPostgres, type EmbeddedServer } from '@/test/postgres/embedded';
import { pickOption } from './combobox';
import type { E2EOrg } from './env';
import { signInAs } from './helpers';
import { provisionOrgIn, serverEnv, startServer, type ServerHandle } from './process-harness';

/**
 * The product on PostgreSQL (issue 28): the built app started by this spec with DATABASE_URL on an
 * embedded PostgreSQL of its own, then the main path an admin takes, in a real browser: sign in,
 * create a contract, invite a member who accepts from the mailed link, create an NFT with the two
 * of them as holders, and find it by search.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORT = Number(process.env.E2E_POSTGRES_APP_PORT ?? E2E_PORT + 260);
const PG_PORT = Number(process.env.E2E_POSTGRES_PORT ?? 56_000 + (E2E_PORT % 1000));
const DATA_DIR = path.join('.tmp', `postgres-smoke-${PORT}`);
const BASE = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, storageState: { cookies: [], origins: [] } });

let pg: EmbeddedServer | undefined;
let server: ServerHandle | undefined;
let org: E2EOrg;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  pg = await startEmbeddedPostgres({ port: PG_PORT, folderPrefix: 'cl2c-e2e-pg-' });
  const env = { ...serverEnv(PORT, DATA_DIR), DATABASE_URL: pg.url };
  server = await startServer(env);
  org = provisionOrgIn(env, 'Postgres smoke');
});

test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await pg?.stop();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('on PostgreSQL: sign in, create a contract, invite a member, an NFT with two holders, search it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const ready = await (await fetch(`${BASE}/api/ready`)).json();
  expect(ready).toMatchObject({ status: 'ready', engine: 'postgres' });

  await signInAs(page, org.admin.email, org.adminPassword);

  // A contract through the form.
  const contractName = `Pg Works ${stamp}`;
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New contract' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(contractName);
  await dialog.getByLabel('Symbol').fill('PGW');
  await dialog.getByRole('button', { name: /Create/ }).click();
  await expect(page.getByRole('link', { name: contractName, exact: true })).toBeVisible();

  // A member, invited and accepted from the mailed link.
  const email = `pg-member-${stamp}@example.test`;
  await page.goto('/members');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a member' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await page.goto(`/outbox?search=${encodeURIComponent(email)}`);
  const mail = page.getByRole('table', { name: 'Outbox' }).getByRole('row', { name: new RegExp(email) });
  await mail.getByRole('button', { name: `View mail to ${email}` }).click();
  const link = await page.getByTestId('mail-link').first().getAttribute('href');
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const invitee = await context.newPage();
  await invitee.goto(link!);
  await invitee.getByLabel('First name').fill('Pia');
  await invitee.getByLabel('Last name').fill('Postgres');
  await invitee.getByLabel('User name').fill(`pia_${stamp}`);
  await invitee.getByLabel('Password').fill('pia password 1');
  await invitee.getByRole('button', { name: 'Create my account' }).click();
  await expect(invitee.getByTestId('invitation-accepted')).toContainText('You are now a member');
  await context.close();
  await page.goto(`/members?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('ACTIVE');

  // An NFT with the admin and the new member as holders.
  const nftName = `Aurora ${stamp}`;
  await page.goto('/nfts/new');
  await page.getByLabel('Name').fill(nftName);
  await pickOption(page.getByRole('combobox', { name: /^Smart contract/ }), contractName, new RegExp(`^${contractName}`));
  await page.getByRole('button', { name: 'Add holder' }).click();
  await pickOption(page.getByLabel('Holder 1', { exact: true }), org.admin.email, new RegExp(org.admin.email));
  await page.getByLabel('Percentage of holder 1').fill('70');
  await page.getByRole('button', { name: 'Add holder' }).click();
  await pickOption(page.getByLabel('Holder 2', { exact: true }), email, new RegExp(email));
  await page.getByLabel('Percentage of holder 2').fill('30');
  await page.getByRole('button', { name: 'Create NFT' }).click();
  await expect(page).toHaveURL(/\/nfts\/[0-9a-f-]{36}$/);
  const holders = page.getByRole('table', { name: 'Copyright holders' });
  await expect(holders.getByRole('row', { name: new RegExp(`${org.admin.email}.*70%`) })).toBeVisible();
  await expect(holders.getByRole('row', { name: new RegExp(`${email}.*30%`) })).toBeVisible();

  // Found by a substring of its name, in the list and through B1.
  await page.goto(`/nfts?search=${encodeURIComponent(`rora ${stamp}`)}`);
  await expect(page.getByRole('link', { name: nftName, exact: true })).toBeVisible();
  const b1 = await fetch(`${BASE}/v1/cl2c/nfts/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': org.tenantApiKey, tenant: org.organization.tenant },
    body: JSON.stringify({ keyword: `RORA ${stamp}` }),
  });
  expect(b1.status).toBe(200);
  const found = (await b1.json()) as { totalCount: number; data: { name: string }[] };
  expect(found.totalCount).toBe(1);
  expect(found.data[0]!.name).toBe(nftName);
});
