import { writeFileSync } from 'node:fs';
import { request } from '@playwright/test';
import { E2E_BASE_URL, E2E_ORG_FILE, E2E_STORAGE_STATE } from './env';
import { provisionOrg } from './helpers';

/**
 * Runs once after the web server is up: provisions an organization with the real CLI (against
 * the server's database file) and signs its admin in, saving the cookies for every test's page.
 */
export default async function globalSetup() {
  const org = provisionOrg();
  writeFileSync(E2E_ORG_FILE, JSON.stringify(org, null, 2));

  const api = await request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  const res = await api.post('/api/auth/sign-in/email', {
    data: { email: org.admin.email, password: org.adminPassword },
  });
  if (!res.ok()) throw new Error(`e2e admin sign-in failed: ${res.status()} ${await res.text()}`);
  await api.storageState({ path: E2E_STORAGE_STATE });
  await api.dispose();
}
