import { expect, test } from './fixtures';

test.describe('sign-in', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the console sends a visitor without a session to the sign-in page', async ({ page }) => {
    await page.goto('/contracts');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  });

  test('a wrong password shows an error and does not sign in', async ({ page, adminEmail }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(adminEmail);
    await page.getByLabel('Password').fill('definitely-not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.includes('session_token'))).toBe(false);
    await page.goto('/overview');
    await expect(page).toHaveURL(/\/login/);
  });

  test('before its script runs, the form cannot be submitted, and never into the URL', async ({ browser, baseURL }) => {
    // The server's HTML alone (no JavaScript: what a slow device shows before hydration).
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    for (const path of ['/login', '/reset-password']) {
      await page.goto(path);
      const form = page.locator('form').filter({ has: page.locator('button[type="submit"]') });
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form.locator('button[type="submit"]')).toBeDisabled();
    }
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('someone@example.test');
    await page.getByLabel('Password').fill('secret-in-the-url');
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    expect(page.url()).not.toContain('secret');
    await context.close();
  });

  test('an empty form shows errors next to the fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('E-mail is required')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('an admin signs in, sees the organization, and signs out', async ({
    page,
    adminEmail,
    adminPassword,
    org,
  }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByTestId('organization-name')).toHaveText(org.organization.name);
    await expect(page.getByTestId('admin-email')).toHaveText(adminEmail);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Contracts' }).click();
    await expect(page).toHaveURL(/\/contracts/);
    await expect(nav.getByRole('link', { name: 'Contracts' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/overview');
    await expect(page).toHaveURL(/\/login/);
  });
});

test('the stored session opens the console directly', async ({ page, org }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId('organization-name')).toHaveText(org.organization.name);
});
