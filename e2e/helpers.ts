import { execFileSync } from 'node:child_process';
import { expect, request, type Page } from '@playwright/test';
import { E2E_SERVER_ENV, type E2EOrg } from './env';

/**
 * A new organization (OWNER admin + one key of each family) made by the real provisioning CLI
 * against the e2e database, e.g. for cross-organization checks. ~1 s (it starts tsx).
 */
export function provisionOrg(label = 'E2E Org'): E2EOrg {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const adminEmail = `e2e-admin-${stamp}@example.test`;
  const adminPassword = `e2e-password-${stamp}`;
  const stdout = execFileSync(
    'npx',
    [
      'tsx',
      'scripts/cli.ts',
      'org',
      'create',
      '--name',
      `${label} ${stamp}`,
      '--tenant',
      `e2e-${stamp}`,
      '--admin-email',
      adminEmail,
      '--admin-password',
      adminPassword,
      '--json',
    ],
    {
      env: { ...process.env, ...E2E_SERVER_ENV },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const created = JSON.parse(stdout) as Omit<E2EOrg, 'adminPassword'>;
  return { ...created, adminPassword };
}

/** Signs in through the login form (use on a page without the default session). */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/overview/);
}

/**
 * A copyright holder answers their mailed link through the API with their OWN session: a link alone
 * is not the person (README "Copyright splits"), so the holder signs in first, in a request context
 * of their own (not the admin's), and the decision comes from the app's origin like the page's.
 */
export async function holderDecides(
  baseURL: string,
  holder: { email: string; password: string },
  token: string,
  body: { decision: 'AUTHORIZE' | 'REJECT'; location: string; reason?: string },
) {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin, 'sec-fetch-site': 'same-origin' } });
  try {
    const signedIn = await context.post('/api/auth/sign-in/email', { data: { email: holder.email, password: holder.password } });
    expect(signedIn.status()).toBe(200);
    return await context.post(`/api/copyright/${token}`, { data: body });
  } finally {
    await context.dispose();
  }
}
