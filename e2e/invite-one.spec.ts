import { expect, test } from './fixtures';

/** Desktop and phone widths every page I touch is looked at in. */
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

test('invite one member → the mail in the outbox → accepted from its link → listed as active', async ({ page, browser, unique }) => {
  const email = `one-${unique}@example.test`;
  await page.goto('/members');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });

  // The A13 rules, checked before sending, with the field named.
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await dialog.getByLabel('Phone').fill('12');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('E-mail must be a valid e-mail address')).toBeVisible();
  await expect(dialog.getByText(/^Phone must be a phone number/)).toBeVisible();

  await dialog.getByLabel('E-mail').fill(email.toUpperCase());
  await dialog.getByLabel('Phone').fill('+44 20 7946 0958');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `/tmp/console-a-invite-dialog-${size.width}.png` });
  }
  await page.setViewportSize(WIDTHS[0]);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: email })).toBeVisible();

  // The same person again: A13's "skipped" result, shown in the dialog with a link to them.
  await page.getByRole('button', { name: 'Invite member' }).click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByTestId('invite-result')).toHaveText(/Not invited: already invited \(invitation pending\)\./);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The mail is in the outbox; without SMTP it says so instead of "PENDING, 0 attempts".
  await page.goto(`/outbox?search=${encodeURIComponent(email)}`);
  const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row', { name: new RegExp(email) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('delivery-state')).toContainText('Not sent');
  await expect(row.getByTestId('delivery-state')).toContainText('no SMTP configured');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `/tmp/console-a-outbox-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0]);
  await row.getByRole('button', { name: `View mail to ${email}` }).click();
  const link = await page.getByTestId('mail-link').first().getAttribute('href');
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);

  // The invitee accepts from the link in their own browser.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const invitee = await context.newPage();
  await invitee.goto(link!);
  await invitee.getByLabel('First name').fill('Solo');
  await invitee.getByLabel('Last name').fill('Invitee');
  await invitee.getByLabel('User name').fill(`solo_${unique}`);
  await invitee.getByLabel('Password').fill('solo password 1');
  await invitee.getByRole('button', { name: 'Create my account' }).click();
  await expect(invitee.getByTestId('invitation-accepted')).toContainText('You are now a member');
  await context.close();

  await page.goto(`/members?search=${encodeURIComponent(email)}`);
  const member = page.getByRole('row', { name: new RegExp(email) });
  await expect(member).toContainText('ACTIVE');
  await expect(member).toContainText('Solo Invitee');
});
