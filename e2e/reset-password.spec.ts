import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { E2EOrg } from './env';
import { provisionOrgIn, serverEnv, startServer, type ServerHandle } from './process-harness';

/**
 * "No password yet, or forgot it?" in the browser, on a server of its own (the built app through
 * scripts/serve.ts, no SMTP) so the spec can read what the server logs: without SMTP the password
 * mail goes to the server log at WARN (README "Security"), never to an organization's Outbox.
 * A person registered through B5 (no password) is invited to a second organization, asks for a
 * link from the invitation page, sets a password, signs in and joins — at 1440 and 390 px.
 */
const PORT = Number(process.env.E2E_RESET_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
const DATA_DIR = path.join('.tmp', `reset-password-${PORT}`);
const ENV = serverEnv(PORT, DATA_DIR);
const BASE = ENV.APP_URL!;

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

test.describe.configure({ mode: 'serial' });

let server: ServerHandle | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = await startServer(ENV);
});
test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** The text of the newest password mail to `email` the server logged (it has no SMTP). */
async function loggedPasswordMail(email: string, after: number): Promise<string> {
  let text = '';
  await expect
    .poll(() => {
      const lines = server!.stderr().split('\n').slice(after).filter((l) => l.includes('SMTP is not configured') && l.includes(email));
      const last = lines.at(-1);
      text = last ? (JSON.parse(last) as { text: string; level: string }).text : '';
      return text;
    })
    .toContain('/reset-password?token=');
  return text;
}
async function adminCookie(org: E2EOrg): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: BASE, 'content-type': 'application/json' },
    body: JSON.stringify({ email: org.admin.email, password: org.adminPassword }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
const logLines = () => server!.stderr().split('\n').length - 1;
const linkIn = (text: string) => text.match(/http:\/\/\S+\/reset-password\?\S+/)![0];

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of WIDTHS) {
  test(`a B5 person without a password joins a second organization via a password link (${size.width} px)`, async ({ browser }) => {
    const home = provisionOrgIn(ENV, `Home ${size.width}`);
    const second = provisionOrgIn(ENV, `Second ${size.width}`);
    const stamp = `${size.width}${Date.now().toString(36)}`;
    const email = `nopass-${stamp}@example.test`;
    // B5: registered by the home organization's system, with no password.
    const created = await fetch(`${BASE}/v1/cl2c/user`, {
      method: 'POST',
      headers: { tenant: home.organization.tenant, 'x-api-key': home.tenantApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Nadia', lastName: 'Nopass', email, userName: `nadia.${stamp}` }),
    });
    expect(created.status).toBe(200);
    // The second organization invites her; its admin reads the link in its Outbox (no SMTP).
    const invited = await fetch(`${BASE}/api/v1/cl2c/user/bulk`, {
      method: 'POST',
      headers: { 'x-api-key': second.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ email }] }),
    });
    expect(invited.status).toBe(200);
    const outbox = (await (await fetch(`${BASE}/api/v1/console/outbox?search=${encodeURIComponent(email)}`, { headers: { cookie: await adminCookie(second) } })).json()) as {
      data: { links: string[]; subject: string }[];
    };
    expect(outbox.data).toHaveLength(1);
    const invitationLink = outbox.data[0]!.links[0]!;

    const context = await browser.newContext({ viewport: size, baseURL: BASE });
    const page = await context.newPage();
    await page.goto(invitationLink);
    await expect(page.getByTestId('invitation-state')).toHaveAttribute('data-state', 'sign_in');
    await page.getByRole('link', { name: 'No password yet, or forgot it?' }).click();

    // The request form: labelled, errors name the field, the address comes prefilled.
    await expect(page.getByRole('heading', { name: 'Set or reset your password' })).toBeVisible();
    const emailField = page.getByLabel('E-mail');
    await expect(emailField).toHaveValue(email);
    await emailField.fill('');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText('E-mail is required')).toBeVisible();
    await emailField.fill('not-an-address');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText('E-mail must be a valid e-mail address')).toBeVisible();
    await noSideways(page);
    await page.screenshot({ path: `/tmp/reset-password-request-${size.width}.png`, fullPage: true });
    await emailField.fill(email);
    const before = logLines();
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toContainText(`If ${email} belongs to an account, a link to set its password is on its way.`);
    await noSideways(page);

    // The mail is in the server log (no SMTP) and nowhere in the organization's Outbox.
    const link = linkIn(await loggedPasswordMail(email, before));
    const token = new URL(link).searchParams.get('token')!;
    expect(new URL(link).searchParams.get('next')).toBe(new URL(invitationLink).pathname);
    for (const org of [home, second]) {
      const box = await fetch(`${BASE}/api/v1/console/outbox?search=${encodeURIComponent(email)}`, { headers: { cookie: await adminCookie(org) } });
      expect(box.status).toBe(200);
      const text = await box.text();
      expect(text).not.toContain(token);
      expect(text).not.toContain('reset-password');
    }

    // Choose the password: both fields labelled, mismatches and short passwords named.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Repeat the password').fill('different');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('New password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Repeat the password must match the new password')).toBeVisible();
    await noSideways(page);
    await page.screenshot({ path: `/tmp/reset-password-set-${size.width}.png`, fullPage: true });
    const password = `nadia's password ${stamp}`;
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password is set.');
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();

    // Sign in, back to the invitation, join with her own session.
    await expect(page).toHaveURL(/\/login\?next=%2Finvite%2F/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(invitationLink);
    await page.getByRole('button', { name: /^Join / }).click();
    await expect(page.getByTestId('invitation-accepted')).toContainText('You are now a member of');

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password').fill('another password 1');
    await page.getByLabel('Repeat the password').fill('another password 1');
    await page.getByRole('button', { name: 'Set password' }).click();
    const dead = page.getByRole('alert').filter({ hasText: 'This link does not work any more' });
    await expect(dead).toBeVisible();
    await expect(dead.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', /^\/reset-password\?next=%2Finvite%2F/);
    await noSideways(page);
    await context.close();
  });
}

test('the sign-in page offers the link, keeping where to go next', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto('/login?next=%2Fcopyright%2Fsome-token');
  await page.getByRole('link', { name: 'No password yet, or forgot it?' }).click();
  await expect(page).toHaveURL(`${BASE}/reset-password?next=%2Fcopyright%2Fsome-token`);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(`${BASE}/login?next=%2Fcopyright%2Fsome-token`);
  await context.close();
});
