import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import {
  E2E_BASE_URL,
  E2E_DATABASE_PATH,
  E2E_ORG_FILE,
  E2E_STORAGE_STATE,
  type E2EOrg,
} from './env';

export type E2EFixtures = {
  /** The organization the global setup provisioned, with its admin and both API keys. */
  org: E2EOrg;
  apiKey: string;
  tenantApiKey: string;
  adminEmail: string;
  adminPassword: string;
  organizationId: string;
  tenant: string;
  /** The app's SQLite file: `openDb(databasePath)` (lib/storage/sqlite/client.ts) to prepare rows directly. */
  databasePath: string;
  /** A string unique to this test, for naming the data it creates. */
  unique: string;
};

let cachedOrg: E2EOrg | undefined;
function readOrg(): E2EOrg {
  cachedOrg ??= JSON.parse(readFileSync(E2E_ORG_FILE, 'utf8')) as E2EOrg;
  return cachedOrg;
}

/**
 * `test` with a signed-in `page` (the e2e admin's cookies) and the organization's details.
 * For a signed-out page: `test.use({ storageState: { cookies: [], origins: [] } })`.
 */
export const test = base.extend<E2EFixtures>({
  storageState: async ({}, provide) => provide(E2E_STORAGE_STATE),
  baseURL: async ({}, provide) => provide(E2E_BASE_URL),
  org: async ({}, provide) => provide(readOrg()),
  apiKey: async ({ org }, provide) => provide(org.apiKey),
  tenantApiKey: async ({ org }, provide) => provide(org.tenantApiKey),
  adminEmail: async ({ org }, provide) => provide(org.admin.email),
  adminPassword: async ({ org }, provide) => provide(org.adminPassword),
  organizationId: async ({ org }, provide) => provide(org.organization.id),
  tenant: async ({ org }, provide) => provide(org.organization.tenant),
  databasePath: async ({}, provide) => provide(E2E_DATABASE_PATH),
  unique: async ({}, provide, testInfo) =>
    provide(
      `${testInfo.workerIndex}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    ),
});

export { expect };
