import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
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
