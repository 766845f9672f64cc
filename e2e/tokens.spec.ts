import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { openAppDb } from './app-db';
import { tokenTransfers } from '@/db/schema';
import { registerUserInOrganization } from '@/lib/users/registration';
import { pickOption } from './combobox';
import { E2E_SERVER_ENV } from './env';
import { expect, test } from './fixtures';

// The member's custodial wallet key is sealed under the server's AUTH_SECRET, as the app would do.
Object.assign(process.env, { AUTH_SECRET: E2E_SERVER_ENV.AUTH_SECRET, DATA_DIR: E2E_SERVER_ENV.DATA_DIR });

let db: Db | undefined;
function database(path: string): Db {
  db ??= openAppDb(path);
  return db;
}

/** An ACTIVE member with a custodial wallet, written straight into the app's database. */
function prepareMember(path: string, organizationId: string, unique: string) {
  const email = `tok-${unique}@example.test`;
  const r = database(path).transaction((tx) =>
    registerUserInOrganization(tx, organizationId, {
      email,
      firstName: 'Token',
      lastName: `Receiver ${unique}`,
      userName: `tok_${unique}`,
    }),
  );
  return { email, membershipId: r.membershipId, walletAddress: r.walletAddress };
}

test.describe('Tokens area', () => {
  test('send tokens with confirmation, see the not-broadcast result and the transfer in the history', async ({
    page,
    databasePath,
    organizationId,
    unique,
  }) => {
    const member = prepareMember(databasePath, organizationId, unique);
    await page.goto('/tokens');
    await expect(page.getByRole('heading', { name: 'Token sends' })).toBeVisible();

    // The label reads "Member*" (required mark).
    const picker = page.getByRole('combobox', { name: /^Member/ });
    await pickOption(picker, member.email, new RegExp(member.email));
    await expect(page.getByText(member.walletAddress, { exact: true })).toBeVisible();

    // Invalid amount: the error sits next to the field and nothing is confirmed.
    await page.getByLabel('Amount').fill('0');
    await page.getByRole('button', { name: 'Review transfer' }).click();
    await expect(page.getByText('must be greater than 0')).toBeVisible();
    await expect(page.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Amount').fill('2.5');
    await page.getByRole('combobox', { name: /^Token type/ }).selectOption('faucet');
    await page.getByRole('button', { name: 'Review transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm token send' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(member.email)).toBeVisible();
    await expect(dialog.getByTestId('confirm-amount')).toHaveText('2.5 faucet');

    // Back: nothing is sent.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();
    const rowsFor = () =>
      database(databasePath).select().from(tokenTransfers).where(eq(tokenTransfers.userOrganizationId, member.membershipId)).all();
    expect(rowsFor()).toHaveLength(0);

    await page.getByRole('button', { name: 'Review transfer' }).click();
    await dialog.getByRole('button', { name: 'Send tokens' }).click();
    await expect(dialog).toBeHidden();

    const result = page.getByTestId('send-result');
    await expect(result.getByText('Signed locally, not broadcast.')).toBeVisible();
    const hash = (await result.getByTestId('result-hash').textContent())?.trim() ?? '';
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await page.screenshot({ path: `.tmp/tokens-sent-${unique}.png`, fullPage: true });

    const rows = rowsFor();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '2.5', tokenType: 'faucet', status: 'SIGNED', broadcast: false, transactionHash: hash });

    const table = page.getByRole('table', { name: 'Token transfers' });
    const row = table.getByRole('row').filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('2.5');
    await expect(row).toContainText('faucet');
    await expect(row).toContainText('SIGNED');
    await expect(row).toContainText('not broadcast');
    await expect(row.getByTitle(hash)).toBeVisible();
  });

  test('history keeps filters and pages in the URL', async ({ page, databasePath, organizationId, unique, apiKey, request }) => {
    const member = prepareMember(databasePath, organizationId, unique);
    for (const amount of [1, 2, 3]) {
      const res = await request.post('/api/v1/cl2c/token', {
        headers: { 'x-api-key': apiKey },
        data: { memberId: member.membershipId, amount, tokenType: 'mainnet' },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto(`/tokens?search=${encodeURIComponent(member.email)}&limit=2`);
    const table = page.getByRole('table', { name: 'Token transfers' });
    await expect(table.getByRole('row').filter({ hasText: member.email })).toHaveCount(2);
    await expect(page.getByText('Showing 1–2 of 3')).toBeVisible();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /next/i }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(table.getByRole('row').filter({ hasText: member.email })).toHaveCount(1);
    await page.getByLabel('Filter by token type').selectOption('faucet');
    await expect(page).toHaveURL(/tokenType=faucet/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText('No transfers match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page).not.toHaveURL(/tokenType=/);
    await expect(table.getByRole('row').filter({ hasText: member.email }).first()).toBeVisible();
    await page.screenshot({ path: `.tmp/tokens-history-${unique}.png`, fullPage: true });
  });
});
