import type { Db } from '@/lib/storage/sqlite/client';
import { openAppDb } from '../app-db';
import { registerUserInOrganization } from '@/lib/users/registration';
import { E2E_SERVER_ENV } from '../env';
import { expect, test } from '../fixtures';

// Members' custodial wallet keys are sealed under the server's AUTH_SECRET, as the app would do.
Object.assign(process.env, { AUTH_SECRET: E2E_SERVER_ENV.AUTH_SECRET, DATA_DIR: E2E_SERVER_ENV.DATA_DIR });

let db: Db | undefined;

for (const { width, height, colorScheme } of [
  { width: 1440, height: 900, colorScheme: 'light' as const },
  { width: 390, height: 844, colorScheme: 'dark' as const },
]) {
  test(`a send confirming on a real node is a toast and an unread mark on Activity (${width}px, ${colorScheme})`, async ({
    page,
    request,
    apiKey,
    databasePath,
    organizationId,
    unique,
  }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme });
    db ??= openAppDb(databasePath);
    const label = `notify${width}${unique}`.slice(0, 40);
    const email = `chain-${label}@example.test`;
    const member = db.transaction((tx) =>
      registerUserInOrganization(tx, organizationId, { email, firstName: 'Notify', lastName: label, userName: `n_${label}`.slice(0, 50) }),
    );

    // The admin is on the console (any page but Activity) when the send lands.
    await page.goto('/overview');
    // The poller has taken its cursor once the first updates request answered.
    await page.waitForResponse((r) => r.url().includes('/api/v1/console/audit/updates') && r.ok());
    const sent = await request.post('/api/v1/cl2c/token', {
      headers: { 'x-api-key': apiKey, 'Idempotency-Key': `notify-${width}-${unique}` },
      data: { memberId: member.membershipId, amount: 0.01, tokenType: 'mainnet' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    expect(((await sent.json()) as { broadcast: boolean }).broadcast).toBe(true);

    // Confirmed from its receipt by the chain worker, then announced by the next poll.
    await expect(page.getByText('Token send confirmed on chain: Token transfer')).toBeVisible({ timeout: 30_000 });
    if (width < 768) await page.getByRole('button', { name: /menu/i }).first().click();
    const activity = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /Activity/ });
    await expect(activity.getByTestId('activity-unread')).toHaveText(/^[1-9]\d* unread$/);
    await page.screenshot({ path: `.tmp/chain-notify-${width}-${colorScheme}.png`, fullPage: true });

    // Opening Activity reads them: the mark goes, and the event is there with its transaction.
    await activity.click();
    await expect(page).toHaveURL(/\/activity/);
    if (width < 768) await page.getByRole('button', { name: /menu/i }).first().click();
    await expect(page.getByTestId('activity-unread')).toHaveCount(0);
  });
}
