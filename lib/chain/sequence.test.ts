import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '@/lib/storage/sqlite/client';
import { organizations } from '@/db/schema';
import { registerFold } from '@/lib/storage/sqlite/functions';
import { transferPage } from '@/lib/storage/sqlite/lists/transfers';
import { attemptsOf, historyOf, latestChainTxFor, prepareChainTx } from './ledger';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { LocalChainClient } from './local';

/*
 * The ledger's order without rowid: an existing SQLite database migrates forward with the order its
 * rows were read in (chain_transactions by rowid; attempts and events by created_at, then rowid),
 * and rows written afterwards continue after them.
 */
const folder = path.join(process.cwd(), 'db', 'migrations');

/** A database migrated up to (not including) the migration that added `seq`. */
function migratedBeforeSeq(file: string) {
  const partial = mkdtempSync(path.join(tmpdir(), 'cl2c-migrations-'));
  cpSync(folder, partial, { recursive: true });
  const journalFile = path.join(partial, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_chain_seq'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  const sqlite = new Database(file);
  registerFold(sqlite);
  migrate(drizzle(sqlite), { migrationsFolder: partial });
  return sqlite;
}

describe('ledger insertion order (seq)', () => {
  it('keeps the order of an existing database and continues after it', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cl2c-seq-')), 'old.db');
    const sqlite = migratedBeforeSeq(file);
    const org = drizzle(sqlite).insert(organizations).values({ name: 'Old', tenant: 'old' }).returning().get();
    const entity = 'entity-1';
    // Ids sort against insertion order, and the newer row's created_at ties with the older one:
    // only the insertion order tells which is the latest.
    const insertTx = sqlite.prepare(
      `insert into chain_transactions (id, organization_id, kind, entity_id, chain, status, transaction_hash, created_at, updated_at) values (?, ?, 'transfer', ?, 'local', ?, ?, 1000, 1000)`,
    );
    insertTx.run('z-first', org.id, entity, 'FAILED', '0x01');
    insertTx.run('a-second', org.id, entity, 'FAILED', '0x02');
    insertTx.run('m-other', org.id, 'entity-2', 'FAILED', null);
    const insertEvent = sqlite.prepare(`insert into chain_tx_events (id, chain_tx_id, status, detail, created_at) values (?, 'a-second', 'FAILED', ?, ?)`);
    insertEvent.run('z', 'one', 2000);
    insertEvent.run('a', 'two', 2000);
    insertEvent.run('m', 'zero', 1500);
    const insertAttempt = sqlite.prepare(
      `insert into chain_tx_attempts (id, chain_tx_id, purpose, transaction_hash, raw, nonce, max_fee_per_gas, max_priority_fee_per_gas, created_at) values (?, 'a-second', ?, ?, '0x', 0, '1', '1', 3000)`,
    );
    insertAttempt.run('z', 'original', '0xaa');
    insertAttempt.run('a', 'speedup', '0xbb');
    const insertTransfer = sqlite.prepare(
      `insert into token_transfers (id, organization_id, to_address, amount, token_type, created_at, updated_at) values (?, ?, '0x0', '1', 'mainnet', 5000, 5000)`,
    );
    insertTransfer.run('z-sent-first', org.id);
    insertTransfer.run('a-sent-second', org.id);
    sqlite.close();

    const db = openDb(file);
    try {
      expect(db.$client.prepare('select id, seq from chain_transactions order by rowid').all()).toEqual([
        { id: 'z-first', seq: 1 },
        { id: 'a-second', seq: 2 },
        { id: 'm-other', seq: 3 },
      ]);
      expect(latestChainTxFor(db, entity)?.id).toBe('a-second');
      expect(historyOf(db, 'a-second').map((e) => e.detail)).toEqual(['zero', 'one', 'two']);
      expect(attemptsOf(db, 'a-second').map((a) => a.purpose)).toEqual(['original', 'speedup']);
      // The local chain's block numbers are positions among signed rows: unchanged by the migration.
      const local = new LocalChainClient(() => Promise.resolve(sqliteStore(db)));
      expect(await local.blockNumber()).toBe(2);

      // The send history breaks its created_at ties in insertion order, as before (newest first).
      const page = (sortOrder: 'asc' | 'desc') => transferPage(db, org.id, { sortOrder, page: 1, limit: 10 }).ids;
      expect(page('desc')).toEqual(['a-sent-second', 'z-sent-first']);
      expect(page('asc')).toEqual(['z-sent-first', 'a-sent-second']);

      // New rows come after the migrated ones, even when created in the same millisecond.
      const next = await sqliteStore(db).transaction((tx) => prepareChainTx(tx, { organizationId: org.id, kind: 'transfer', entityId: entity, chain: 'local' }));
      expect(next.seq).toBe(4);
      expect(latestChainTxFor(db, entity)?.id).toBe(next.id);
      expect(historyOf(db, next.id).map((e) => [e.seq > 3, e.status])).toEqual([[true, 'PREPARED']]);
    } finally {
      db.$client.close();
    }
  });
});
