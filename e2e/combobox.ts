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
  const names = await options.allTextContents();
  const index = (await options.evaluateAll((els, target) => els.findIndex((el) => el === target), await wanted.elementHandle()));
  expect(index, `option ${String(option)} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await combobox.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!);
  await combobox.press('Enter');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}
