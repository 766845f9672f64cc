import { expect, type Locator } from '@playwright/test';

/** The listbox a combobox controls. */
export async function listboxOf(combobox: Locator): Promise<Locator> {
  const id = await combobox.getAttribute('aria-controls');
  expect(id, 'a combobox names its listbox').toBeTruthy();
  return combobox.page().locator(`[id="${id}"]`);
}

/** Types `search` into a combobox (a server-side search) and chooses the option named `option` with the keyboard. */
export async function pickOption(combobox: Locator, search: string, option: string | RegExp) {
  await combobox.fill(search);
  const listbox = await listboxOf(combobox);
  const wanted = listbox.getByRole('option', { name: option });
  await expect(wanted).toHaveCount(1);
  const options = listbox.getByRole('option');
  // Walk to the option with the arrow keys. A search answer that lands mid-walk re-renders the
  // list (and resets the active option), so each step re-reads where the cursor is.
  await expect(async () => {
    const wantedId = (await wanted.getAttribute('id'))!;
    const ids = await options.evaluateAll((els) => els.map((el) => el.id));
    const target = ids.indexOf(wantedId);
    expect(target, `option ${String(option)} among ${ids.length} options`).toBeGreaterThanOrEqual(0);
    const current = ids.indexOf((await combobox.getAttribute('aria-activedescendant')) ?? '');
    if (current < target) await combobox.press('ArrowDown');
    else if (current > target) await combobox.press('ArrowUp');
    await expect(combobox).toHaveAttribute('aria-activedescendant', wantedId, { timeout: 300 });
  }).toPass({ timeout: 10_000 });
  await combobox.press('Enter');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}
