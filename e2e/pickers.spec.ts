import { createContract } from '@/lib/contracts/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import type { Actor } from '@/lib/shared/actor';
import { registerUserInOrganization } from '@/lib/users/registration';
import { listboxOf, pickOption } from './combobox';
import { expect, test } from './fixtures';
import { openAppDb } from './app-db';

const ROWS = 1000;

/**
 * 1,000 contracts and 1,000 active members, written through the real service functions (so any
 * derived search data stays right) against the e2e database.
 */
async function seed(databasePath: string, organizationId: string, adminId: string, unique: string) {
  const db = openAppDb(databasePath);
  const actor: Actor = { kind: 'user', userId: adminId, organizationId, requestId: `seed-${unique}` };
  try {
    // createContract runs its own transaction (with its audit event), one per contract.
    for (let i = 0; i < ROWS; i += 1) {
      await createContract(sqliteStore(db), actor, { name: `Bulk ${unique} ${String(i).padStart(4, '0')}`, symbol: `B${i}`, network: 'POLYGON', env: 'TESTNET' });
    }
    db.transaction((tx) => {
      for (let i = 0; i < ROWS; i += 1) {
        const n = String(i).padStart(4, '0');
        registerUserInOrganization(tx, organizationId, {
          email: `bulk-${unique}-${n}@example.test`,
          firstName: 'Bulk',
          lastName: `Person ${n}`,
          userName: `bulk_${unique}_${n}`,
        });
      }
    });
  } finally {
    db.$client.close();
  }
}

test('the contract and holder pickers find an item by search among 1,000 rows', async ({ page, databasePath, organizationId, org, unique }) => {
  test.setTimeout(120_000);
  const started = Date.now();
  await seed(databasePath, organizationId, org.admin.id, unique);
  test.info().annotations.push({ type: 'seed', description: `${2 * ROWS} rows in ${Date.now() - started} ms` });

  await page.goto('/nfts/new');
  const contract = page.getByRole('combobox', { name: /^Smart contract/ });
  // A broad search shows one page of matches, not the 1,000 …
  await contract.fill(`Bulk ${unique}`);
  const contracts = await listboxOf(contract);
  await expect(contracts.getByRole('option')).toHaveCount(20);
  await expect(contract).toHaveAttribute('aria-expanded', 'true');
  // … Escape closes the list and keeps the focus in the field.
  await contract.press('Escape');
  await expect(contract).toHaveAttribute('aria-expanded', 'false');
  await expect(contract).toBeFocused();
  // The 738th is found by typing, and chosen with the keyboard.
  await pickOption(contract, `${unique} 0737`, new RegExp(`^Bulk ${unique} 0737 \\(B737\\)`));
  await expect(contract).toHaveValue(`Bulk ${unique} 0737 (B737)`);

  await page.getByRole('button', { name: 'Add holder' }).click();
  const holder1 = page.getByLabel('Holder 1', { exact: true });
  await pickOption(holder1, `bulk-${unique}-0842`, new RegExp(`bulk-${unique}-0842@`));
  await expect(holder1).toHaveValue(`Bulk Person 0842 — bulk-${unique}-0842@example.test`);

  // A holder already chosen is not offered again; another one past the old 100 cap is.
  await page.getByRole('button', { name: 'Add holder' }).click();
  const holder2 = page.getByLabel('Holder 2', { exact: true });
  await holder2.fill(`bulk-${unique}-0842`);
  await expect((await listboxOf(holder2)).getByText('No active member matches')).toBeVisible();
  await holder2.press('Escape');
  await pickOption(holder2, `bulk-${unique}-0999`, new RegExp(`bulk-${unique}-0999@`));
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await holder2.fill(`bulk-${unique}-09`);
    // The 0900… page, not the previous search's options still shown while it loads.
    await expect((await listboxOf(holder2)).getByRole('option', { name: new RegExp(`bulk-${unique}-0900@`) })).toBeVisible();
    await page.screenshot({ path: `/tmp/console-a-pickers-${size.width}.png`, fullPage: true });
    await holder2.press('Escape');
    await holder2.press('Escape');
  }

  // The NFT list's contract filter is the same picker, kept in the URL.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/nfts');
  const filter = page.getByLabel('Contract', { exact: true });
  await pickOption(filter, `${unique} 0500`, new RegExp(`^Bulk ${unique} 0500`));
  await expect(page).toHaveURL(/contractId=/);
  await page.reload();
  await expect(filter).toHaveValue(`Bulk ${unique} 0500 (B500)`);
});
