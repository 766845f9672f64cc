import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import * as pgSchema from '@/db/schema-pg';
import { env } from '@/lib/env';
import { NestedGroupError, StalledTransactionError, groupedTransaction } from '@/lib/storage/sqlite/connection/commit-group';
import { withPostgres } from '@/test/postgres/database';
import { postgresStore } from './postgres/store';
import { sqliteStore } from './sqlite/store';
import { affectedRows, type Store } from './store';

/*
 * The transaction interface (`Store`) behaves the same on both engines: commit when the work
 * resolves, roll back when it rejects, a nested transaction is a savepoint. Each engine gets its
 * own table objects, as lib/storage/tables.ts hands them out per process.
 */
const pg = withPostgres();
const engines: [string, () => Store, typeof pgSchema.organizations][] = [
  ['sqlite', () => sqliteStore(getDb()), sqliteSchema.organizations as unknown as typeof pgSchema.organizations],
  ['postgres', () => postgresStore(pg.db()), pgSchema.organizations],
];
const tenant = () => `st-${crypto.randomUUID()}`;

describe.each(engines)('Store on %s', (_engine, open, organizations) => {
  const count = async (store: Store, t: string) =>
    (await store.select({ id: organizations.id }).from(organizations).where(eq(organizations.tenant, t))).length;

  it('commits the work when it resolves, with the value it returned', async () => {
    const store = open();
    const t = tenant();
    const id = await store.transaction(async (tx) => {
      const [row] = await tx.insert(organizations).values({ name: 'Store', tenant: t }).returning({ id: organizations.id });
      // The transaction sees its own write.
      expect(await count(tx, t)).toBe(1);
      return row!.id;
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await count(store, t)).toBe(1);
  });

  it('rolls back everything the work wrote when it rejects', async () => {
    const store = open();
    const t = tenant();
    await expect(
      store.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: 'Store', tenant: t });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count(store, t)).toBe(0);
  });

  it('a nested transaction is a savepoint: its rollback keeps the outer writes', async () => {
    const store = open();
    const [outer, inner, kept] = [tenant(), tenant(), tenant()];
    await store.transaction(async (tx) => {
      await tx.insert(organizations).values({ name: 'Outer', tenant: outer });
      await expect(
        tx.transaction(async (nested) => {
          await nested.insert(organizations).values({ name: 'Inner', tenant: inner });
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx.transaction(async (nested) => {
        await nested.insert(organizations).values({ name: 'Kept', tenant: kept });
      });
    });
    expect([await count(store, outer), await count(store, inner), await count(store, kept)]).toEqual([1, 0, 1]);
  });

  it('reports how many rows an update changed', async () => {
    const store = open();
    const t = tenant();
    await store.insert(organizations).values({ name: 'Before', tenant: t });
    const result = await store.update(organizations).set({ name: 'After' }).where(eq(organizations.tenant, t));
    expect(affectedRows(result)).toBe(1);
    expect(affectedRows(await store.delete(organizations).where(eq(organizations.tenant, `${t}-none`)))).toBe(0);
  });
});

describe('the SQLite engine keeps one writer and one commit per group', () => {
  const organizations = sqliteSchema.organizations as unknown as typeof pgSchema.organizations;
  const seenByAnotherConnection = (t: string) => {
    const other = new Database(env().DATABASE_PATH, { readonly: true });
    try {
      return !!other.prepare('select 1 from organizations where tenant = ?').get(t);
    } finally {
      other.close();
    }
  };

  it('async and synchronous writes of one turn share a commit, in order, each seeing those before it', async () => {
    const db = getDb();
    const store = sqliteStore(db);
    const [a, b, c] = [tenant(), tenant(), tenant()];
    const seen: boolean[] = [];
    await Promise.all([
      store.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: 'A', tenant: a });
      }),
      groupedTransaction(db, (tx) => {
        seen.push(!!tx.select().from(sqliteSchema.organizations).where(eq(sqliteSchema.organizations.tenant, a)).get());
        seen.push(seenByAnotherConnection(a));
        tx.insert(sqliteSchema.organizations).values({ name: 'B', tenant: b }).run();
      }),
      store.transaction(async (tx) => {
        seen.push((await tx.select().from(organizations).where(eq(organizations.tenant, b))).length === 1);
        await tx.insert(organizations).values({ name: 'C', tenant: c });
      }),
    ]);
    // Inside the group: A visible to B's work, not yet to another connection; B visible to C.
    expect(seen).toEqual([true, false, true]);
    for (const t of [a, b, c]) expect(seenByAnotherConnection(t)).toBe(true);
  });

  it('a rejected async write rolls back alone; the others of its group commit', async () => {
    const store = sqliteStore(getDb());
    const [a, b, c] = [tenant(), tenant(), tenant()];
    const settled = await Promise.allSettled([
      store.transaction(async (tx) => void (await tx.insert(organizations).values({ name: 'A', tenant: a }))),
      store.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: 'B', tenant: b });
        throw new Error('refused');
      }),
      store.transaction(async (tx) => void (await tx.insert(organizations).values({ name: 'C', tenant: c }))),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([a, b, c].map(seenByAnotherConnection)).toEqual([true, false, true]);
  });

  it('a transaction that waits for something other than the database is rolled back, with its whole group', async () => {
    const store = sqliteStore(getDb());
    const [a, b] = [tenant(), tenant()];
    const settled = await Promise.allSettled([
      store.transaction(async (tx) => void (await tx.insert(organizations).values({ name: 'A', tenant: a }))),
      store.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: 'B', tenant: b });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }),
    ]);
    expect(settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).constructor : 'ok'))).toEqual([
      StalledTransactionError,
      StalledTransactionError,
    ]);
    expect([a, b].map(seenByAnotherConnection)).toEqual([false, false]);
    // The connection is usable again at once.
    const c = tenant();
    await store.transaction(async (tx) => void (await tx.insert(organizations).values({ name: 'C', tenant: c })));
    expect(seenByAnotherConnection(c)).toBe(true);
  });

  it('refuses a transaction begun on the database from inside another (it could only deadlock)', async () => {
    const store = sqliteStore(getDb());
    const t = tenant();
    await expect(
      store.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: 'Outer', tenant: t });
        await store.transaction(async () => {});
      }),
    ).rejects.toBeInstanceOf(NestedGroupError);
    expect(seenByAnotherConnection(t)).toBe(false);
  });
});
