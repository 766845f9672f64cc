import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerFold } from '@/lib/storage/sqlite/functions';
import { check } from '@/lib/storage/sqlite/search/maintenance';
import { openDb } from '@/lib/storage/sqlite/client';
import { invitations, nfts, organizations, smartContracts, userOrganizations, users } from './schema';

/*
 * The newest migration on a database that already holds data: the rows are written under the
 * schema before it (every earlier migration applied), then `openDb` applies the rest, and every
 * derived structure must equal its recomputation from the base tables (`db check`).
 */
const folder = path.join(process.cwd(), 'db', 'migrations');

function migrateAllButLast(file: string) {
  const partial = mkdtempSync(path.join(tmpdir(), 'cl2c-migrations-'));
  cpSync(folder, partial, { recursive: true });
  const journalFile = path.join(partial, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.pop()!;
  writeFileSync(journalFile, JSON.stringify(journal));
  const sqlite = new Database(file);
  registerFold(sqlite);
  migrate(drizzle(sqlite), { migrationsFolder: partial });
  return { sqlite, last: last.tag };
}

describe('the newest migration on an existing database', () => {
  it('builds its derived structures from the rows already there', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cl2c-existing-')), 'old.db');
    const { sqlite, last } = migrateAllButLast(file);
    const old = drizzle(sqlite, { schema: { invitations, nfts, organizations, smartContracts, userOrganizations, users } });
    const statuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'] as const;
    for (const tenant of ['one', 'two']) {
      const org = old.insert(organizations).values({ name: tenant, tenant }).returning().get();
      const contract = old.insert(smartContracts).values({ organizationId: org.id, name: 'C', symbol: 'C' }).returning().get();
      for (let i = 0; i < 40; i++) {
        old.insert(nfts).values({ organizationId: org.id, smartContractId: contract.id, name: `nft ${i}`, status: statuses[i % 4]!, supply: 1 + (i % 7) }).run();
      }
      for (let i = 0; i < 10; i++) {
        const user = old.insert(users).values({ email: `${tenant}-${i}@ex.test`, name: `Person ${i}` }).returning().get();
        old.insert(userOrganizations).values({ organizationId: org.id, userId: user.id }).run();
        const status = i % 2 ? 'PENDING' : 'REVOKED';
        old.insert(invitations).values({ organizationId: org.id, email: `${tenant}-invited-${i}@ex.test`, tokenHash: `${tenant}-${i}`, status, expiresAt: new Date(Date.now() + 86_400_000) }).run();
      }
    }
    const applied = (connection: Database.Database) => (connection.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
    const before = applied(sqlite);
    sqlite.close();

    const db = openDb(file);
    expect(applied(db.$client), last).toBe(before + 1);
    expect(check(db.$client).problems, last).toEqual([]);
    // Not vacuous: the derived structures hold the existing rows.
    const counted = db.$client.prepare('select coalesce(sum(n), 0) as n from nft_supply_counts').get() as { n: number };
    expect(counted.n).toBe(80);
    // 20 memberships and 10 pending invitations in the members list (rebuilt by 0018).
    const listed = db.$client.prepare('select count(*) as n from member_list').get() as { n: number };
    expect(listed.n).toBe(30);
    // Its triggers still find a changed invitation's row.
    db.$client.prepare("update invitations set status = 'REVOKED' where token_hash = 'one-1'").run();
    expect((db.$client.prepare('select count(*) as n from member_list').get() as { n: number }).n).toBe(29);
    expect(check(db.$client).problems).toEqual([]);
    db.$client.close();
  });
});
