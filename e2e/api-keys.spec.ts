import { expect, test } from './fixtures';

test.describe('API keys', () => {
  test('create a family B key, use it for B3, revoke it, and the next call is 401', async ({
    page,
    baseURL,
    tenant,
    adminEmail,
    unique,
  }) => {
    const name = `Mobile app ${unique}`;
    await page.goto('/overview');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('radio', { name: /^Tenant API/ }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
    const key = (await shown.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^cl2c_b_[A-Za-z0-9_-]{20,}$/);
    await page.screenshot({ path: `.tmp/api-keys-created-${unique}.png` });
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    // The key works for Family B at once.
    const b3 = () => fetch(`${baseURL}/v1/cl2c/users`, { headers: { tenant, 'X-API-Key': key } });
    const ok = await b3();
    expect(ok.status).toBe(200);
    const users = (await ok.json()) as { email: string }[];
    expect(users.map((u) => u.email)).toContain(adminEmail);

    // Listed by prefix (never the whole key), with family, owner and status.
    await page.getByRole('searchbox', { name: /Search API keys/ }).fill(name);
    await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
    const row = page.getByRole('row').filter({ hasText: name });
    // Used once above: "Last used" is set, only "Expires" still says Never.
    await expect(row.getByText('Never')).toHaveCount(1);
    await expect(row.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
    await expect(row.getByText(adminEmail)).toBeVisible();
    await expect(row.getByText('active')).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);
    await page.screenshot({ path: `.tmp/api-keys-list-${unique}.png`, fullPage: true });

    // Revoke asks first; cancelling keeps the key working.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await b3()).status).toBe(200);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText(/revoked\. It no longer works/)).toBeVisible();
    await expect(row.getByText('revoked')).toBeVisible();

    const denied = await b3();
    expect(denied.status).toBe(401);
    const body = (await denied.json()) as { statusCode: number; errorId: string };
    expect(body.statusCode).toBe(401);
    expect(body.errorId).toBeTruthy();
  });

  test('the create form shows errors next to the fields', async ({ page }) => {
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('is required')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Name').fill('Old');
    await dialog.getByLabel('Expires').fill('2001-01-01T10:00');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('must be in the future')).toBeVisible();
  });
});
