import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { organizations } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { listNfts } from '@/lib/nfts/service';
import { check, reindex } from '@/lib/storage/sqlite/search/maintenance';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * No JavaScript inside the database (issue #28): a row written by any other tool — here a
 * better-sqlite3 connection with none of the app's SQL functions registered, as the sqlite3 shell
 * or a load script would be — never fails; the derived data it could not write is reported by
 * `db check` and written by `db reindex` or by the app's next write; then every search answers
 * exactly as a brute force over the base tables does.
 */

/** A second connection to the app's database file, as another tool would open it: no app functions. */
function plainConnection() {
  const plain = new Database(process.env.DATABASE_PATH);
  plain.pragma('busy_timeout = 5000');
  plain.pragma('foreign_keys = ON');
  return plain;
}

const now = Date.UTC(2026, 10, 26);

function plainWrites(plain: Database.Database, organizationId: string) {
  const contract = crypto.randomUUID();
  const other = crypto.randomUUID();
  const insertContract = plain.prepare(
    'insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  );
  insertContract.run(contract, organizationId, 'Straße Collection', 'S', now, now);
  insertContract.run(other, organizationId, 'ÉTÉ works', 'E', now, now);
  const insertNft = plain.prepare(
    `insert into nfts (id, organization_id, smart_contract_id, name, description, supply, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
  insertNft.run(ids[0], organizationId, contract, 'Harbor ab', 'an Ärger', 2, 'CREATED', now, now);
  insertNft.run(ids[1], organizationId, contract, 'İstanbul night', null, 1, 'MINTED', now + 1, now + 1);
  // A Kelvin sign: lowered by JavaScript to an ASCII k, so the trigram-index count must step aside.
  insertNft.run(ids[2], organizationId, other, 'harbour \u212aelvin', 'x_y 50%', 3, 'CREATED', now + 2, now + 2);
  insertNft.run(ids[3], organizationId, other, 'zz top', 'ab', 1, 'FAILED', now + 3, now + 3);
  insertNft.run(ids[4], organizationId, other, 'doomed', null, 1, 'CREATED', now + 4, now + 4);
  insertNft.run(ids[5], organizationId, contract, 'moved', 'STRASSE', 1, 'CREATED', now + 5, now + 5);
  plain.prepare("update nfts set name = 'Harbor AB renamed', status = 'PENDING' where id = ?").run(ids[0]);
  plain.prepare('update nfts set smart_contract_id = ? where id = ?').run(other, ids[5]);
  plain.prepare("update smart_contracts set name = 'STRAẞE Neu' where id = ?").run(contract);
  plain.prepare('delete from nfts where id = ?').run(ids[4]);
  return ids.filter((_, i) => i !== 4);
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const sorted = (ids: string[]) => [...ids].sort();
const terms = ['a', 'ab', 'AB', 'é', 'ß', '%', '_', 'k', 'kel', 'harbo', 'straße', 'STRASSE', 'ist', 'i̇st', 'zz', 'neu', 'zzz'];

/** A5's search and B1's keyword (name, description, contract name) against brute force. */
async function expectSearchesExact(organizationId: string) {
  const db = getDb();
  const base = db.all<{ id: string; name: string; description: string | null; contract: string }>(
    sql`select n.id, n.name, n.description, c.name as contract from nfts n join smart_contracts c on c.id = n.smart_contract_id
      where n.organization_id = ${organizationId}`,
  );
  for (const term of terms) {
    const a5 = (await listNfts(sqliteStore(db), organizationId, { page: 1, limit: 100, sortOrder: 'desc', search: term, status: undefined, contractId: undefined, sortBy: 'createdAt' }));
    const wantA5 = db.all<{ id: string }>(sql`select id from nfts where organization_id = ${organizationId}
      and (name like ${like(term)} escape '\\' or description like ${like(term)} escape '\\')`);
    expect(a5.pagination.total, `A5 search ${term}`).toBe(wantA5.length);
    expect(sorted(a5.data.map((d) => d.id)), `A5 search ${term}`).toEqual(sorted(wantA5.map((w) => w.id)));

    const k = term.toLowerCase();
    const b1 = (await searchNfts(sqliteStore(db), organizationId, { pageSize: 100, advancedSearch: { fields: ['name', 'description', 'smartContractName'], keyword: term } }));
    const wantB1 = base.filter((r) => [r.name, r.description ?? '', r.contract].some((v) => v.toLowerCase().includes(k)));
    expect(b1.totalCount, `B1 keyword ${term}`).toBe(wantB1.length);
    expect(sorted(b1.data.map((d) => d.id)), `B1 keyword ${term}`).toEqual(sorted(wantB1.map((w) => w.id)));
  }
  // B1's name order reads the stored fold: JavaScript's toLowerCase order, ties by id.
  const byName = (await searchNfts(sqliteStore(db), organizationId, { pageSize: 100, orderBy: ['name'] }));
  const want = [...base].sort((x, y) => {
    const a = x.name.toLowerCase();
    const b = y.name.toLowerCase();
    return a < b ? -1 : a > b ? 1 : x.id < y.id ? -1 : 1;
  });
  expect(byName.data.map((d) => d.id)).toEqual(want.map((w) => w.id));
}

describe('rows written without the app (no app functions on the connection)', () => {
  it('no trigger or view of the schema calls an app function', () => {
    const plain = plainConnection();
    try {
      const objects = plain.prepare("select name, sql from sqlite_master where type in ('trigger', 'view') and sql like '%cl2c_%'").all();
      expect(objects).toEqual([]);
    } finally {
      plain.close();
    }
  });

  it('never fail; db check reports what they left undone and db reindex writes it; then searches are exact', async () => {
    const db = getDb();
    const org = db.insert(organizations).values({ name: 'plain', tenant: `plain-${crypto.randomUUID()}` }).returning().get();
    expect(check(db.$client).problems).toEqual([]);
    const plain = plainConnection();
    try {
      const ids = plainWrites(plain, org.id);
      const problems = check(db.$client).problems.join('\n');
      expect(problems).toMatch(/search_nfts_pending: 5 NFT\(s\) written outside the app/);
      expect(problems).toContain(`nfts ${ids[0]}: name_fold "" (actual "harbor ab renamed")`);
      expect(problems).toMatch(/search_nfts_short: 5 row\(s\) not indexed/);
      expect(problems).toMatch(/search_nfts_b1_short: 5 row\(s\) not indexed/);
      expect(problems).toMatch(/nfts:fold_unsafe: 0 \(actual 2\)/);
      expect(check(db.$client).ok).toBe(false);

      reindex(db.$client);
      expect(check(db.$client).problems).toEqual([]);
      (await expectSearchesExact(org.id));
    } finally {
      plain.close();
    }
  });

  it('are given their derived data by the app’s next write, in that write’s transaction', async () => {
    const db = getDb();
    const org = db.insert(organizations).values({ name: 'plain-next', tenant: `plain-next-${crypto.randomUUID()}` }).returning().get();
    const plain = plainConnection();
    try {
      plainWrites(plain, org.id);
      expect(check(db.$client).ok).toBe(false);
      // Any write of the app (here: one to another table) commits with the queued derived data.
      db.update(organizations).set({ name: 'plain next' }).where(sql`id = ${org.id}`).run();
      expect(check(db.$client).problems).toEqual([]);
      (await expectSearchesExact(org.id));
      // And a later write through the plain connection again never fails, even on these rows.
      plain.prepare("update nfts set description = 'ǅemal' where organization_id = ?").run(org.id);
      db.transaction(() => {});
      expect(check(db.$client).problems).toEqual([]);
      (await expectSearchesExact(org.id));
    } finally {
      plain.close();
    }
  });

  it('are searched exactly even before the repair wherever plain SQL keeps the data: totals of long ASCII terms step aside', async () => {
    const db = getDb();
    const org = db.insert(organizations).values({ name: 'plain-count', tenant: `plain-count-${crypto.randomUUID()}` }).returning().get();
    const plain = plainConnection();
    try {
      plainWrites(plain, org.id);
      // The trigram index is kept by plain-SQL triggers; `fold_unsafe` is not computed yet, so the
      // index-only total must not be trusted — the answer is the scan's, Kelvin sign included.
      for (const term of ['kel', 'harbo', 'ren']) {
        const got = (await listNfts(sqliteStore(db), org.id, { page: 1, limit: 100, sortOrder: 'desc', search: term, status: undefined, contractId: undefined, sortBy: 'createdAt' }));
        const want = db.all<{ id: string }>(sql`select id from nfts where organization_id = ${org.id} and (name like ${like(term)} or description like ${like(term)})`);
        expect(got.pagination.total, term).toBe(want.length);
      }
    } finally {
      plain.close();
      db.transaction(() => {});
    }
  });
});
