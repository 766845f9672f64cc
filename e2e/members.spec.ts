import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Invites through the API (A13) and returns the invitation link read from the outbox. */
async function inviteByApi(request: APIRequestContext, apiKey: string, email: string) {
  const res = await request.post('/api/v1/cl2c/user/bulk', { headers: { 'x-api-key': apiKey }, data: { users: [{ email }] } });
  expect(res.status()).toBe(200);
  return latestLink(request, email);
}

async function latestLink(request: APIRequestContext, email: string) {
  // The outbox is for a signed-in admin only (it shows raw invitation links): the request
  // context carries the e2e admin's session cookie.
  const res = await request.get('/api/v1/console/outbox', { params: { search: email } });
  const json = (await res.json()) as { data: { to: string; links: string[] }[] };
  const mail = json.data.find((m) => m.to === email);
  expect(mail?.links[0]).toBeTruthy();
  return mail!.links[0]!;
}

/** The invitee opens the link in their own (signed-out) browser and registers. */
async function registerFromLink(browser: Browser, link: string, userName: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await invitee.getByLabel('First name').fill('Ada');
  await invitee.getByLabel('Last name').fill('Lovelace');
  await invitee.getByLabel('User name').fill(userName);
  await invitee.getByLabel('Password').fill('ada password 1');
  await invitee.getByRole('button', { name: 'Create my account' }).click();
  await expect(invitee.getByTestId('invitation-accepted')).toContainText('You are now a member');
  return { invitee, context };
}

test('bulk CSV invite: 3 rows, one invalid → preview, send, results and CSV download', async ({ page, unique }) => {
  const a = `csv-a-${unique}@example.test`;
  const b = `csv-b-${unique}@example.test`;
  const csv = `Name,Email,Phone\nAda,${a},+44 20 7946 0958\nBob,not-an-email,\nCy,${b},\n`;
  await page.goto('/members/import');
  await page.getByLabel('CSV file').setInputFiles({ name: `people-${unique}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(page.getByLabel('E-mail column')).toHaveValue('1');
  await expect(page.getByLabel('Phone column (optional)')).toHaveValue('2');
  const preview = page.getByTestId('preview-summary');
  await expect(preview).toContainText('3 rows');
  await expect(preview).toContainText('2 to invite');
  await expect(preview).toContainText('1 invalid');
  const previewTable = page.getByRole('table', { name: 'Preview' });
  await expect(previewTable.getByRole('row', { name: /not-an-email/ })).toContainText('email: must be a valid e-mail address');
  await page.screenshot({ path: '/tmp/members-import-preview.png', fullPage: true });

  await page.getByRole('button', { name: 'Send 2 invitations' }).click();
  const results = page.getByTestId('results-summary');
  await expect(results).toContainText('2 invited');
  await expect(results).toContainText('0 skipped');
  await expect(results).toContainText('1 failed');
  await expect(page.getByRole('progressbar', { name: 'Invitations sent' })).toHaveAttribute('aria-valuenow', '3');
  const resultTable = page.getByRole('table', { name: 'Results' });
  await expect(resultTable.getByRole('row', { name: new RegExp(escape(a)) })).toContainText('invited');
  await page.screenshot({ path: '/tmp/members-import-results.png', fullPage: true });

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results (CSV)' }).click();
  const download = await downloadPromise;
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.split(/\r?\n/)[0]).toBe('row,email,phone,status,reason,id');
  expect(text).toContain(`1,${a},+44 20 7946 0958,invited`);
  expect(text).toContain('2,not-an-email,,failed,email: must be a valid e-mail address');

  await page.goto(`/members?search=${encodeURIComponent(unique)}&status=PENDING`);
  await expect(page.getByRole('link', { name: a })).toBeVisible();
  await expect(page.getByRole('link', { name: b })).toBeVisible();
});

test('open the invitation link from the Outbox, register, and the member is ACTIVE with a wallet', async ({
  page,
  browser,
  request,
  apiKey,
  unique,
}) => {
  const email = `outbox-${unique}@example.test`;
  await inviteByApi(request, apiKey, email);

  await page.goto(`/outbox?search=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: `View mail to ${email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('mail-text')).toContainText('invites you to become a member');
  await page.screenshot({ path: '/tmp/outbox-mail.png', fullPage: true });
  const link = await dialog.getByTestId('mail-link').getAttribute('href');
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

  const { invitee, context } = await registerFromLink(browser, link!, `ada.${unique}`);
  await invitee.screenshot({ path: '/tmp/invite-accepted.png', fullPage: true });
  // The link is now used up.
  await invitee.goto(link!);
  await expect(invitee.getByTestId('invitation-state')).toHaveText('This invitation has already been used');
  await context.close();

  await page.goto(`/members?search=${encodeURIComponent(email)}`);
  const row = page.getByRole('row', { name: new RegExp(escape(email)) });
  await expect(row).toContainText('ACTIVE');
  await expect(row).toContainText('Ada Lovelace');
  await expect(row.getByText(/^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/members-list.png', fullPage: true });

  await row.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText(/^0x[0-9a-fA-F]{40}$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/member-detail.png', fullPage: true });
});

test('change an invitation’s e-mail and resend', async ({ page, request, apiKey, unique }) => {
  const typo = `typo-${unique}@exmaple.test`;
  const fixed = `fixed-${unique}@example.test`;
  const firstLink = await inviteByApi(request, apiKey, typo);

  await page.goto(`/members?search=${encodeURIComponent(unique)}`);
  // Row actions live in one "⋯" menu per row.
  await page.getByRole('button', { name: `Actions for ${typo}` }).click();
  await page.getByRole('menuitem', { name: 'Change e-mail' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(fixed);
  await expect(dialog.getByLabel('Send a new invitation e-mail now')).toBeChecked();
  await page.screenshot({ path: '/tmp/members-change-email.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`E-mail changed to ${fixed}; a new invitation was sent.`)).toBeVisible();
  await expect(page.getByRole('link', { name: fixed })).toBeVisible();
  await expect(page.getByRole('link', { name: typo })).toHaveCount(0);

  // The first link (sent to the typo) is dead; the new one works.
  const secondLink = await latestLink(request, fixed);
  expect(secondLink).not.toBe(firstLink);
  await page.goto(firstLink);
  await expect(page.getByTestId('invitation-state')).toHaveText('This invitation link is not valid');

  await page.goto(`/members?search=${encodeURIComponent(unique)}`);
  await page.getByRole('button', { name: `Actions for ${fixed}` }).click();
  await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
  await expect(page.getByText(`A new invitation was sent to ${fixed}.`)).toBeVisible();
  const thirdLink = await latestLink(request, fixed);
  expect(thirdLink).not.toBe(secondLink);

  await page.goto(`/outbox?search=${encodeURIComponent(fixed)}`);
  await expect(page.getByRole('row', { name: new RegExp(escape(fixed)) })).toHaveCount(2);
  await page.screenshot({ path: '/tmp/outbox-list.png', fullPage: true });
});

test('remove a member (asks first)', async ({ page, browser, request, apiKey, unique }) => {
  const email = `leaver-${unique}@example.test`;
  const link = await inviteByApi(request, apiKey, email);
  const { context } = await registerFromLink(browser, link, `leaver.${unique}`);
  await context.close();

  await page.goto(`/members?search=${encodeURIComponent(email)}`);
  const row = page.getByRole('row', { name: new RegExp(escape(email)) });
  await expect(row).toContainText('ACTIVE');
  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Remove member' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Remove ${email} from the organization?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  // Keyboard path: Enter opens the menu on its first item, End moves to the last (a member's
  // menu has no "Change e-mail": their login e-mail is theirs).
  await row.getByRole('button', { name: `Actions for ${email}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Change e-mail' })).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Remove member' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText(`Member ${email} removed from the organization.`)).toBeVisible();
  await expect(page.getByRole('link', { name: email })).toHaveCount(0);
});
