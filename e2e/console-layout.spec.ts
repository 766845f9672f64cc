import { expect, test } from './fixtures';

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation folds behind a Menu button, works by keyboard and closes on navigation', async ({ page }) => {
    await page.goto('/overview');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    // Keyboard: open, Escape closes and focus returns to the button.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // Following a link closes it.
    await menu.click();
    await nav.getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { name: 'Members' }).first()).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await page.screenshot({ path: '.tmp/a11y-shots/members-nav-closed-390.png' });
  });
});

test.describe('desktop width', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the navigation is always shown, without a Menu button', async ({ page }) => {
    await page.goto('/overview');
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('the one-time key dialog asks before Escape or the backdrop closes it', async ({ page, unique }) => {
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.getByLabel('Name').fill(`Guarded ${unique}`);
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await expect(shown.getByTestId('new-api-key')).toBeVisible();
    const key = (await shown.getByTestId('new-api-key').textContent())?.trim();

    // Escape: the question, not a closed dialog. "Back to the key" keeps it.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Have you copied the key?' });
    await expect(ask).toBeVisible();
    await page.screenshot({ path: '.tmp/a11y-shots/api-key-close-guard-1440.png' });
    await ask.getByRole('button', { name: 'Back to the key' }).click();
    await expect(ask).toBeHidden();
    await expect(shown.getByTestId('new-api-key')).toHaveText(key ?? '');

    // A press on the backdrop asks too; Escape in the question only dismisses the question.
    await page.mouse.click(5, 5);
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(shown).toBeVisible();

    // Confirmed: both close, and the key is gone from the page.
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Yes, close' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(key ?? 'missing')).toHaveCount(0);
  });

  test('a field error names its field and is tied to the control', async ({ page }) => {
    await page.goto('/contracts');
    await page.getByRole('button', { name: 'New contract' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New smart contract' });
    await dialog.getByRole('button', { name: 'Create contract' }).click();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    // The error text is the control's description, and it says which field.
    await expect(name).toHaveAccessibleDescription(/^Name is required/);
    await expect(dialog.getByText('Symbol is required', { exact: false })).toBeVisible();
  });
});
