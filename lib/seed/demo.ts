import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { organizations } from '@/lib/storage/tables';
import { createContract, updateContract } from '@/lib/contracts/service';
import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import type { Actor } from '@/lib/shared/actor';
import { createOrganization } from '@/lib/tenants/service';
import type { Store } from '@/lib/storage/store';

export const DEMO_ADMIN_EMAIL = 'admin@demo.cl2c.local';

/**
 * On an empty database: a demo organization, its admin and a few contracts. Returns what to print
 * (the keys exist in clear only here), or null when the database already has an organization.
 * On either engine (the Store); no chain call — the deployed sample is a manual status (A3). Two
 * servers starting at once on one empty PostgreSQL database: the tenant `demo` is unique, so the
 * second seed fails (logged by lib/startup.ts) and changes nothing.
 */
export async function seedDemoIfEmpty(store: Store) {
  const [row] = await store.select({ n: count() }).from(organizations);
  if (Number(row?.n ?? 0) > 0) return null;
  const password = process.env.DEMO_ADMIN_PASSWORD || randomBytes(9).toString('base64url');
  const created = await createOrganization(store, {
    name: 'Demo Organization',
    tenant: 'demo',
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword: password,
    adminName: 'Demo Admin',
  });
  const actor: Actor = {
    kind: 'user',
    userId: created.admin.id,
    organizationId: created.organization.id,
    requestId: 'seed',
  };
  await createContract(store, actor, { name: 'Demo Artworks', symbol: 'DART', description: 'Sample collection', network: 'POLYGON', env: 'TESTNET' });
  const music = await createContract(store, actor, { name: 'Demo Music Rights', symbol: 'DMR', network: 'POLYGON', env: 'TESTNET' });
  await updateContract(store, actor, { id: music.id, status: 'DEPLOYED', contractAddress: '0x000000000000000000000000000000000000dEaD' });
  await createContract(store, actor, { name: 'Demo Tickets', symbol: 'DTIX', network: 'POLYGON', env: 'MAINNET' });

  const credentials = {
    consoleUrl: env().APP_URL,
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword: password,
    tenant: created.organization.tenant,
    apiKey: created.apiKey,
    tenantApiKey: created.tenantApiKey,
  };
  // A local convenience copy for whoever missed the start-up banner; data/ is git-ignored.
  writeFileSync(path.join(env().DATA_DIR, 'demo-credentials.json'), JSON.stringify(credentials, null, 2) + '\n', {
    mode: 0o600,
  });
  return credentials;
}

export function demoBanner(c: NonNullable<Awaited<ReturnType<typeof seedDemoIfEmpty>>>): string {
  return [
    '',
    '┌─ CL2C Admin — demo organization created ───────────────────────────',
    `│ Console:        ${c.consoleUrl}`,
    `│ Admin e-mail:   ${c.adminEmail}`,
    `│ Admin password: ${c.adminPassword}`,
    `│ Family A key:   ${c.apiKey}   (header x-api-key)`,
    `│ Family B key:   ${c.tenantApiKey}   (headers tenant: ${c.tenant}, X-API-Key)`,
    '│ Keys are shown once; a copy is in DATA_DIR/demo-credentials.json.',
    '└────────────────────────────────────────────────────────────────────',
    '',
  ].join('\n');
}

/**
 * The first-run banner holds the admin password and both keys: it goes to a terminal only. When
 * stdout is a pipe or a file (a service manager's log), only the credentials file's path is logged.
 */
export function announceDemo(
  c: NonNullable<Awaited<ReturnType<typeof seedDemoIfEmpty>>>,
  out: { isTTY?: boolean; write(text: string): unknown },
): void {
  if (out.isTTY) {
    out.write(demoBanner(c));
    return;
  }
  log('info', 'demo organization created; its credentials are in the credentials file (readable by this user only)', {
    credentialsFile: path.resolve(env().DATA_DIR, 'demo-credentials.json'),
    consoleUrl: c.consoleUrl,
  });
}
