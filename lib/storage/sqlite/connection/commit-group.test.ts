import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { organizations } from '@/db/schema';
import { env } from '@/lib/env';
import { groupedTransaction, MAX_GROUP } from './commit-group';

/*
 * Writes queued in one turn of the event loop share a commit (lib/storage/sqlite/connection/commit-group.ts). Whether two
 * writes share one is seen from a second connection: a write committed on its own is visible to
 * it; one still in the group's open transaction is not.
 */
const tenant = () => `cg-${crypto.randomUUID()}`;
const addOrg = (tx: Parameters<Parameters<typeof groupedTransaction>[1]>[0], t: string) =>
  tx.insert(organizations).values({ name: t, tenant: t }).returning({ id: organizations.id }).get().id;
const exists = (t: string) => !!getDb().select().from(organizations).where(eq(organizations.tenant, t)).get();

function observer() {
  const other = new Database(env().DATABASE_PATH, { readonly: true });
  return {
    sees: (t: string) => !!other.prepare('select 1 from organizations where tenant = ?').get(t),
    close: () => other.close(),
  };
}

describe('groupedTransaction', () => {
  it('commits the writes of one turn together, in order, each seeing those before it', async () => {
    const db = getDb();
    const [a, b, c] = [tenant(), tenant(), tenant()];
    const other = observer();
    const seen: boolean[] = [];
    const results = await Promise.all([
      groupedTransaction(db, (tx) => addOrg(tx, a)),
      groupedTransaction(db, (tx) => {
        // The write before it, inside this transaction; not yet committed for anybody else.
        seen.push(!!tx.select().from(organizations).where(eq(organizations.tenant, a)).get(), other.sees(a));
        return addOrg(tx, b);
      }),
      groupedTransaction(db, (tx) => addOrg(tx, c)),
    ]);
    expect(seen).toEqual([true, false]);
    expect(results).toHaveLength(3);
    for (const t of [a, b, c]) expect(other.sees(t), t).toBe(true);
    other.close();
  });

  it('rolls back a write that throws, alone: its promise rejects with its error, the others commit', async () => {
    const db = getDb();
    const [a, b, c] = [tenant(), tenant(), tenant()];
    const failure = new Error('refused');
    const settled = await Promise.allSettled([
      groupedTransaction(db, (tx) => addOrg(tx, a)),
      groupedTransaction(db, (tx) => {
        addOrg(tx, b);
        throw failure;
      }),
      groupedTransaction(db, (tx) => addOrg(tx, c)),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toBe(failure);
    expect([a, b, c].map(exists)).toEqual([true, false, true]);
  });

  it('rejects every write of the group, storing none, when the commit itself fails', async () => {
    const db = getDb();
    const [a, b] = [tenant(), tenant()];
    const settled = await Promise.allSettled([
      groupedTransaction(db, (tx) => addOrg(tx, a)),
      groupedTransaction(db, (tx) => {
        // A foreign key checked at COMMIT: the savepoint is released, the commit refused.
        tx.run(sql`pragma defer_foreign_keys = on`);
        tx.run(sql`insert into smart_contracts (id, organization_id, name, symbol, created_at, updated_at) values (${crypto.randomUUID()}, 'no-such-org', 'X', 'X', 0, 0)`);
        return addOrg(tx, b);
      }),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    for (const s of settled) expect(String((s as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect([a, b].map(exists)).toEqual([false, false]);
    expect(db.$client.inTransaction).toBe(false);
  });

  it('commits a lone write by itself, and writes of later turns separately', async () => {
    const db = getDb();
    const [a, b] = [tenant(), tenant()];
    const other = observer();
    await groupedTransaction(db, (tx) => addOrg(tx, a));
    const sawFirst = await groupedTransaction(db, (tx) => {
      addOrg(tx, b);
      return other.sees(a);
    });
    expect(sawFirst).toBe(true);
    expect(other.sees(b)).toBe(true);
    other.close();
  });

  it("keeps a group's savepoint journals in memory, then gives the connection its own setting back", async () => {
    const db = getDb();
    const tempStore = () => db.$client.pragma('temp_store', { simple: true });
    const before = tempStore();
    expect(before).not.toBe(2);
    const inside = await Promise.allSettled([
      groupedTransaction(db, (tx) => tx.get<{ temp_store: number }>(sql`pragma temp_store`)?.temp_store),
      groupedTransaction(db, () => {
        throw new Error('refused');
      }),
    ]);
    expect(inside[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(inside[1].status).toBe('rejected');
    expect(tempStore()).toBe(before);
  });

  it(`commits at most ${MAX_GROUP} writes together`, async () => {
    const db = getDb();
    const other = observer();
    const tenants = Array.from({ length: MAX_GROUP + 2 }, tenant);
    const sawFirstGroup: boolean[] = [];
    await Promise.all(
      tenants.map((t, i) =>
        groupedTransaction(db, (tx) => {
          if (i === MAX_GROUP) sawFirstGroup.push(other.sees(tenants[0]!), other.sees(tenants[MAX_GROUP - 1]!));
          return addOrg(tx, t);
        }),
      ),
    );
    expect(sawFirstGroup).toEqual([true, true]);
    expect(tenants.every(exists)).toBe(true);
    other.close();
  });

  it('takes the write lock when it begins: a second process writing meanwhile waits or is refused, never this group after its reads', async () => {
    const db = getDb();
    const [a, b] = [tenant(), tenant()];
    // Another process on the file (the CLI while the server runs), not waiting for locks.
    const other = new Database(env().DATABASE_PATH);
    other.pragma('busy_timeout = 0');
    let otherWrite: unknown = null;
    try {
      const id = await groupedTransaction(db, (tx) => {
        tx.select().from(organizations).where(eq(organizations.tenant, a)).get();
        // The other process tries to commit between this group's read and its write.
        try {
          other.prepare('insert into organizations (id, name, tenant, created_at, updated_at) values (?, ?, ?, 0, 0)').run(crypto.randomUUID(), b, b);
        } catch (error) {
          otherWrite = error;
        }
        return addOrg(tx, a);
      });
      expect(id).toBeTruthy();
      // A deferred group would have lost here ("database is locked" at its write, after the other
      // committed); holding the lock from BEGIN, the group commits and the other is told to wait.
      expect(String(otherWrite)).toMatch(/database is locked/);
      expect([a, b].map(exists)).toEqual([true, false]);
    } finally {
      other.close();
    }
  });
});
