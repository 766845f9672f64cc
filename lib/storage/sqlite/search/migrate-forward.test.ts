import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '@/db/schema';
import { writePendingDerived } from '@/lib/storage/sqlite/derived-writes';
import { registerFold } from '@/lib/storage/sqlite/functions';
import { check } from './maintenance';

/*
 * A database written before the filter tokens (migrations 0026–0028 rebuild the NFT search indexes
 * with each row's status and copyright status): migrated forward, every derived structure equals
 * what the engine writes today (db check), and the filters are found through the indexes.
 */
const folder = path.join(process.cwd(), 'db', 'migrations');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cl2c-forward-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The migrations folder as it was up to and including `last` (by journal index). */
function migrationsUpTo(last: number): string {
  const dir = path.join(tmp, `upto-${last}`);
  mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe('migrating forward to the search filter tokens', () => {
  it('rebuilds the NFT search indexes with every row: db check passes, the filters count exactly', () => {
    expect(readdirSync(folder)).toContain('0026_short_term_facets.sql');
    const sqlite = new Database(path.join(tmp, 'old.db'));
    sqlite.pragma('foreign_keys = ON');
    registerFold(sqlite);
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: migrationsUpTo(25) });

    const org = crypto.randomUUID();
    const contract = crypto.randomUUID();
    const now = Date.UTC(2026, 0, 1);
    sqlite.prepare('insert into organizations (id, name, tenant, created_at, updated_at) values (?, ?, ?, ?, ?)').run(org, 'Old', `old-${org}`, now, now);
    sqlite.prepare('insert into smart_contracts (id, organization_id, name, symbol, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)').run(contract, org, 'Harbor lights', 'HL', 'CREATED', now, now);
    const statuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'];
    const copyright = ['NONE', 'AWAITING', 'REJECTED', 'COPYRIGHTED'];
    const insert = sqlite.prepare(`insert into nfts (id, organization_id, smart_contract_id, name, description, supply, status, copyright_status, created_at, updated_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (let i = 0; i < 40; i++) insert.run(crypto.randomUUID(), org, contract, `golden harbor ${i}`, i % 3 ? 'a quiet bay' : null, 1 + (i % 5), statuses[i % 4], copyright[i % 3], now + i, now + i);
    // The version before wrote each row's derived data before committing, as the engine does.
    sqlite.transaction(() => writePendingDerived(sqlite))();

    migrate(db, { migrationsFolder: folder });
    expect(check(sqlite).problems).toEqual([]);

    const count = (table: string, expr: string) => (sqlite.prepare(`select count(*) as n from ${table} where ${table} match ?`).get(expr) as { n: number }).n;
    expect(count('search_nfts_short', '"u61" AND "sminted"')).toBe(10);
    expect(count('search_nfts_short', '"u61" AND "cawaiting"')).toBe(13);
    expect(count('search_nfts', '{name}: "golden" AND {facets}: "\u{e000}\u{e001}M"')).toBe(10);
    expect(count('search_nfts_b1_short', '"u61" AND "sminted"')).toBe(10);
    sqlite.close();
  });
});
