import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startReceiver, type Receiver } from '@/test/webhook-receiver';
import { expect, test } from './fixtures';

/**
 * The webhooks console page against the built app: add an endpoint (secret shown once), send a
 * test message to a receiver this spec runs on 127.0.0.1 (the e2e server allows http loopback),
 * see it in the delivery log, replay it, rotate the secret (both sign), disable and enable —
 * with axe and no sideways scroll at a laptop and a phone width.
 */
let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

async function noSeriousViolations(page: Page, what: string) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  // The shared toaster (sonner) is judged by the console's own a11y spec, not per page.
  const result = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
  const widths = await page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, inner: window.innerWidth }));
  expect(widths.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(widths.inner);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`webhooks at ${viewport.width} px: add, test, delivery log, replay, rotate, disable, enable`, async ({ page, unique }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const url = `${receiver.url}/${unique}`;
    await page.goto('/overview');
    if (viewport.width >= 1024) {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Webhooks' }).click();
    } else {
      await page.goto('/webhooks');
    }
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('URL').fill('http://example.com/hook');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText(/must use https/)).toBeVisible();
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Description').fill(`Spec ${unique}`);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
    await expect(shown).toBeVisible();
    const secret = (await shown.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await noSeriousViolations(page, 'the secret dialog');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    // A table row on a desktop, a card on a phone (the list shell shows one or the other).
    const row = page.locator('tr:visible, [data-testid="list-card"]:visible').filter({ hasText: url });
    await expect(row.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
    const before = receiver.received.length;
    await row.getByRole('button', { name: `Send a test message to ${url}` }).click();
    await expect(page.getByText(/Test message msg_\w+ queued/)).toBeVisible();

    // The worker delivers it; the log (refreshing) shows the attempt: a table, on a phone a list of cards.
    const log = page.getByRole(viewport.width >= 640 ? 'table' : 'list', { name: 'Webhook deliveries' });
    await expect(log.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(log.getByText(/HTTP 200/)).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(before + 1);
    const message = receiver.received.at(-1)!;
    expect(receiver.verify(message, secret)).toMatchObject({ type: 'webhook.test' });
    await noSeriousViolations(page, 'the delivery log');
    await page.screenshot({ path: `.tmp/webhooks-${viewport.width}-${unique}.png`, fullPage: true });

    // Replay the message: the same webhook-id arrives again.
    await log.getByRole('button', { name: /^Replay webhook\.test/ }).click();
    await expect(page.getByText('1 message queued again.')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(before + 2);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(message.headers['webhook-id']);

    // Rotate: asks first, shows the new secret once; the next message verifies with both.
    await row.getByRole('button', { name: `Rotate the secret of ${url}` }).click();
    await page.getByRole('dialog', { name: `Rotate the secret of ${url}?` }).getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'Copy the new signing secret' });
    const newSecret = (await rotated.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(newSecret).toMatch(/^whsec_/);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(row.getByText(/Previous secret signs until/)).toBeVisible();
    await row.getByRole('button', { name: `Send a test message to ${url}` }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(before + 3);
    receiver.verify(receiver.received.at(-1)!, secret);
    receiver.verify(receiver.received.at(-1)!, newSecret);

    // Disable, then enable.
    await row.getByRole('button', { name: `Disable ${url}` }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByText('disabled by an administrator')).toBeVisible();
    await expect(row.getByRole('button', { name: `Send a test message to ${url}` })).toBeDisabled();
    await row.getByRole('button', { name: `Enable ${url}` }).click();
    await expect(row.getByText('Enabled', { exact: true })).toBeVisible();
  });
}
