import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from '@playwright/test';
import { E2E_BASE_URL, E2E_ORG_FILE, E2E_SERVER_ENV, E2E_STORAGE_STATE, type E2EOrg } from './env';

/**
 * Runs once after the web server is up: provisions an organization with the real CLI (against
 * the server's database file) and signs its admin in, saving the cookies for every test's page.
 */
export default async function globalSetup() {
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
      `E2E Org ${stamp}`,
      '--tenant',
      `e2e-${stamp}`,
      '--admin-email',
      adminEmail,
      '--admin-password',
      adminPassword,
      '--json',
    ],
    { env: { ...process.env, ...E2E_SERVER_ENV }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const created = JSON.parse(stdout) as Omit<E2EOrg, 'adminPassword'>;
  const org: E2EOrg = { ...created, adminPassword };
  writeFileSync(E2E_ORG_FILE, JSON.stringify(org, null, 2));

  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { origin: E2E_BASE_URL } });
  const res = await api.post('/api/auth/sign-in/email', { data: { email: adminEmail, password: adminPassword } });
  if (!res.ok()) throw new Error(`e2e admin sign-in failed: ${res.status()} ${await res.text()}`);
  await api.storageState({ path: E2E_STORAGE_STATE });
  await api.dispose();
}
