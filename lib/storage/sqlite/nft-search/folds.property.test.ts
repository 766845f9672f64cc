import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb, openDb } from '@/lib/storage/sqlite/client';
import { nfts, organizations, smartContracts } from '@/db/schema';
import { check, reindex } from '@/lib/storage/sqlite/search/maintenance';

/*
 * The stored folds of B1 (`nfts.name_fold`, `nfts.contract_name_fold`) must equal JavaScript's
 * toLowerCase of the NFT's name and of its contract's current name after ANY write — raw Drizzle
 * statements on the base tables here, no service code — including contract renames and NFTs moved
 * between contracts. The expected values are computed in this test with String#toLowerCase, not
 * with the SQL function the engine uses; `db check` must pass after every step. Some writes go
 * through a connection with no app function registered (as the sqlite3 shell would make them):
 * they never fail, and the app's next write gives them their folds.
 */

// Case pairs JavaScript and SQLite treat differently, context-dependent Σ, multi-char lowering (İ),
// a non-ASCII letter lowering to ASCII (Kelvin sign), Cherokee, emoji.
const pieces = ['a', 'A', 'É', 'é', 'ß', 'ẞ', 'İ', 'ı', '\u212a', 'ΑΣ', 'σ', '🚀', '\u13a0', 'ǅ', ' ', 'Z'];
const name = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }).map((p) => p.join(''));
const pick = fc.nat({ max: 20 });

type Op =
  | { op: 'addContract'; name: string }
  | { op: 'renameContract'; i: number; name: string }
  | { op: 'addNft'; c: number; name: string }
  | { op: 'renameNft'; i: number; name: string }
  | { op: 'moveNft'; i: number; c: number }
  | { op: 'updateOther'; i: number; supply: number }
  | { op: 'deleteNft'; i: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addContract' as const), name }),
  fc.record({ op: fc.constant('renameContract' as const), i: pick, name }),
  fc.record({ op: fc.constant('addNft' as const), c: pick, name }),
  fc.record({ op: fc.constant('addNft' as const), c: pick, name }),
  fc.record({ op: fc.constant('renameNft' as const), i: pick, name }),
  fc.record({ op: fc.constant('moveNft' as const), i: pick, c: pick }),
  fc.record({ op: fc.constant('updateOther' as const), i: pick, supply: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ op: fc.constant('deleteNft' as const), i: pick }),
);

const at = <T,>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

let plainConnection: Database.Database | undefined;

/** The same writes in plain SQL through a connection with no app function registered. */
function applyPlain(organizationId: string, o: Op) {
  plainConnection ??= new Database(process.env.DATABASE_PATH);
  const p = plainConnection;
  const ids = (table: 'nfts' | 'smart_contracts') =>
    (p.prepare(`select id from ${table} where organization_id = ? order by rowid`).all(organizationId) as { id: string }[]).map((r) => r.id);
  const nft = at(ids('nfts'), 'i' in o ? o.i : 0);
  const contract = at(ids('smart_contracts'), 'c' in o ? o.c : 'i' in o ? o.i : 0);
  switch (o.op) {
    case 'addContract':
      p.prepare('insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values (?, ?, ?, ?, 0, 0)').run(crypto.randomUUID(), organizationId, o.name, 'F');
      return;
    case 'renameContract':
      if (contract) p.prepare('update smart_contracts set name = ? where id = ?').run(o.name, contract);
      return;
    case 'addNft':
      if (contract) {
        p.prepare('insert into nfts (id, organization_id, smart_contract_id, name, created_at, updated_at) values (?, ?, ?, ?, 0, 0)').run(crypto.randomUUID(), organizationId, contract, o.name);
      }
      return;
    case 'renameNft':
      if (nft) p.prepare('update nfts set name = ? where id = ?').run(o.name, nft);
      return;
    case 'moveNft':
      if (nft && contract) p.prepare('update nfts set smart_contract_id = ? where id = ?').run(contract, nft);
      return;
    case 'updateOther':
      if (nft) p.prepare('update nfts set supply = ? where id = ?').run(o.supply, nft);
      return;
    case 'deleteNft':
      if (nft) p.prepare('delete from nfts where id = ?').run(nft);
      return;
  }
}

function apply(organizationId: string, o: Op) {
  const db = getDb();
  const ids = (table: 'nfts' | 'smart_contracts') =>
    db.all<{ id: string }>(sql`select id from ${sql.identifier(table)} where organization_id = ${organizationId} order by rowid`).map((r) => r.id);
  switch (o.op) {
    case 'addContract':
      db.insert(smartContracts).values({ organizationId, name: o.name, symbol: 'F' }).run();
      return;
    case 'renameContract': {
      const id = at(ids('smart_contracts'), o.i);
      if (id) db.update(smartContracts).set({ name: o.name }).where(eq(smartContracts.id, id)).run();
      return;
    }
    case 'addNft': {
      const c = at(ids('smart_contracts'), o.c);
      if (c) db.insert(nfts).values({ organizationId, smartContractId: c, name: o.name }).run();
      return;
    }
    case 'renameNft': {
      const id = at(ids('nfts'), o.i);
      if (id) db.update(nfts).set({ name: o.name }).where(eq(nfts.id, id)).run();
      return;
    }
    case 'moveNft': {
      const id = at(ids('nfts'), o.i);
      const c = at(ids('smart_contracts'), o.c);
      if (id && c) db.update(nfts).set({ smartContractId: c }).where(eq(nfts.id, id)).run();
      return;
    }
    case 'updateOther': {
      const id = at(ids('nfts'), o.i);
      if (id) db.update(nfts).set({ supply: o.supply }).where(eq(nfts.id, id)).run();
      return;
    }
    case 'deleteNft': {
      const id = at(ids('nfts'), o.i);
      if (id) db.delete(nfts).where(eq(nfts.id, id)).run();
      return;
    }
  }
}

type Stored = { id: string; name: string; contractName: string; nameFold: string; contractNameFold: string };

function storedFolds(db: ReturnType<typeof getDb>): Stored[] {
  return db.all<Stored>(sql`select n.id, n.name, c.name as "contractName", n.name_fold as "nameFold", n.contract_name_fold as "contractNameFold"
    from nfts n join smart_contracts c on c.id = n.smart_contract_id`);
}

function expectExact(rows: Stored[]) {
  for (const r of rows) {
    expect(r.nameFold, `name_fold of ${JSON.stringify(r.name)}`).toBe(r.name.toLowerCase());
    expect(r.contractNameFold, `contract_name_fold of ${JSON.stringify(r.contractName)}`).toBe(r.contractName.toLowerCase());
  }
}

describe('B1 stored folds stay exact under writes', () => {
  it('equal JavaScript toLowerCase after random raw and plain-SQL writes (renames, moves, deletes); db check passes after each', () => {
    const db = getDb();
    fc.assert(
      fc.property(fc.array(fc.tuple(opArb, fc.boolean()), { minLength: 1, maxLength: 25 }), (ops) => {
        const org = db.insert(organizations).values({ name: 'folds', tenant: `folds-${crypto.randomUUID()}` }).returning().get();
        apply(org.id, { op: 'addContract', name: 'İstanbul ΑΣ' });
        apply(org.id, { op: 'addNft', c: 0, name: 'STRAẞE 🚀' });
        for (const [o, viaPlainSql] of ops) {
          if (viaPlainSql) {
            applyPlain(org.id, o);
            // The app's next write (any transaction) writes what the plain one left queued.
            db.transaction(() => {});
          } else {
            apply(org.id, o);
          }
          expectExact(storedFolds(db));
          expect(check(db.$client).problems, JSON.stringify(o)).toEqual([]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('db check reports a fold changed behind the triggers’ back; db reindex repairs it', () => {
    const db = getDb();
    const org = db.insert(organizations).values({ name: 'tamper', tenant: `tamper-${crypto.randomUUID()}` }).returning().get();
    const contract = db.insert(smartContracts).values({ organizationId: org.id, name: 'Ärger', symbol: 'T' }).returning().get();
    const nft = db.insert(nfts).values({ organizationId: org.id, smartContractId: contract.id, name: 'Émile' }).returning().get();
    expect(check(db.$client).ok).toBe(true);
    db.run(sql`update nfts set name_fold = 'Émile', contract_name_fold = 'ärgerlich' where id = ${nft.id}`);
    const problems = check(db.$client).problems;
    expect(problems).toContain(`nfts ${nft.id}: name_fold "Émile" (actual "émile")`);
    expect(problems).toContain(`nfts ${nft.id}: contract_name_fold "ärgerlich" (actual "ärger")`);
    reindex(db.$client);
    expect(check(db.$client).problems).toEqual([]);
    expectExact(storedFolds(db));
  });

  it('raw INSERTs without the triggers (the bulk path) get defaults; db reindex reproduces what the triggers give', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cl2c-folds-')), 'bulk.db');
    const db = openDb(file);
    try {
      const sqlite = db.$client;
      const org = db.insert(organizations).values({ name: 'bulk', tenant: 'bulk' }).returning().get();
      // Written through the triggers first: the reference answer.
      const c1 = db.insert(smartContracts).values({ organizationId: org.id, name: 'Σίσυφος', symbol: 'B' }).returning().get();
      db.insert(nfts).values({ organizationId: org.id, smartContractId: c1.id, name: 'İzmir \u212aelvin' }).run();
      const viaTriggers = storedFolds(db);
      expectExact(viaTriggers);
      // The documented bulk path: drop the search_* triggers, plain INSERTs, restore them.
      const triggers = sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' and name like 'search_%'").all() as { name: string; sql: string }[];
      expect(triggers.map((t) => t.name)).toEqual(expect.arrayContaining(['search_pending_nfts_ai', 'search_pending_folds_nfts_au', 'search_pending_contracts_au_name']));
      for (const t of triggers) sqlite.exec(`drop trigger ${t.name}`);
      sqlite
        .prepare('insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values (?, ?, ?, ?, 0, 0)')
        .run('c-bulk', org.id, 'ÆON Straße', 'B');
      sqlite
        .prepare('insert into nfts (id, organization_id, smart_contract_id, name, created_at, updated_at) values (?, ?, ?, ?, 0, 0)')
        .run('n-bulk', org.id, 'c-bulk', 'ǄEMAL 🚀 ΟΔΟΣ');
      for (const t of triggers) sqlite.exec(t.sql);
      const raw = storedFolds(db).find((r) => r.id === 'n-bulk')!;
      expect([raw.nameFold, raw.contractNameFold]).toEqual(['', '']);
      expect(check(sqlite).problems).toEqual(expect.arrayContaining([`nfts n-bulk: name_fold "" (actual "ǆemal 🚀 οδος")`]));
      reindex(sqlite);
      expect(check(sqlite).problems).toEqual([]);
      const after = storedFolds(db);
      expectExact(after);
      expect(after.filter((r) => r.id !== 'n-bulk')).toEqual(viaTriggers);
    } finally {
      db.$client.close();
    }
  });
});
