import { expect, test } from './fixtures';

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a deep link with a query → sign in → back on that page with its query', async ({ page, adminEmail, adminPassword }) => {
    const wanted = '/members?status=PENDING&search=a%20b';
    await page.goto(wanted);
    await expect(page).toHaveURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/members?status=PENDING&search=a+b');

    // A wrong password's message goes away as soon as the user edits a field.
    await page.getByLabel('E-mail').fill(adminEmail);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' });
    await expect(failure).toBeVisible();
    await page.getByLabel('Password').fill('');
    await expect(failure).toBeHidden();
    // … and never stands above field errors.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(failure).toBeHidden();

    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/members' && url.searchParams.get('status') === 'PENDING' && url.searchParams.get('search') === 'a b');
    await expect(page.getByLabel('Search Members and invitations')).toHaveValue('a b');
  });

  test('a detail page comes back too, and another host is never followed', async ({ page, adminEmail, adminPassword }) => {
    await page.goto('/activity?action=contract.create');
    await expect(page).toHaveURL(/\/login\?next=%2Factivity%3Faction%3Dcontract\.create$/);

    await page.goto('/login?next=%2F%2Fevil.test%2Fsteal');
    await page.getByLabel('E-mail').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/overview$/);
  });
});
