import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, outboxEmails } from '@/lib/storage/tables';
import { getStore } from './current';
import { insertRows } from './row-batch';

/*
 * insertRows stores what Drizzle's own insert stores, on the engine of this run (both Vitest
 * projects run this file): every kind of value (text, NULL, JSON with nested and non-ASCII values,
 * dates to the millisecond, numbers), database defaults for columns left out, `$defaultFn`s applied.
 */
const at = new Date('2026-11-28T18:59:12.345Z');
const later = new Date('2026-11-29T01:02:03.004Z');

const mail = (to: string, html: string | null) => ({ to, subject: `Subject “${to}”`, text: `Line 1\nLine 2 ✓ ${to}`, html, createdAt: at, updatedAt: later });
const event = (entityId: string | null, data: Record<string, unknown> | null) => ({
  actorType: 'system' as const,
  actorId: null,
  action: 'row-batch.test',
  entityType: 'test',
  entityId,
  requestId: 'req-1',
  data,
  createdAt: at,
  updatedAt: later,
});

const withoutId = <T extends { id: string }>(rows: T[]) => rows.map(({ id: _id, ...rest }) => rest);

describe('insertRows', () => {
  it('stores outbox rows as Drizzle inserts them, defaults included', async () => {
    const store = await getStore();
    const tag = crypto.randomUUID().slice(0, 8);
    const rows = [mail(`a-${tag}@example.test`, '<p>a</p>'), mail(`b-${tag}@example.test`, null)];
    const viaDrizzle = rows.map((r) => ({ ...r, to: `d-${r.to}` }));
    await insertRows(store, outboxEmails, rows);
    await store.insert(outboxEmails).values(viaDrizzle);
    // Found by their dates too: a value stored in another form than Drizzle's (a date as text on
    // SQLite) reads back alike but compares unequal.
    const read = async (tos: string[]) =>
      withoutId(
        await store
          .select()
          .from(outboxEmails)
          .where(and(inArray(outboxEmails.to, tos), eq(outboxEmails.createdAt, at), eq(outboxEmails.updatedAt, later)))
          .orderBy(outboxEmails.to),
      ).map((r) => ({ ...r, to: r.to.replace(/^d-/, '') }));
    const batch = await read(rows.map((r) => r.to));
    expect(batch).toHaveLength(2);
    expect(batch).toEqual(await read(viaDrizzle.map((r) => r.to)));
    expect(batch[0]).toMatchObject({ status: 'PENDING', attempts: 0, html: '<p>a</p>', createdAt: at, updatedAt: later });
    expect(batch[1]!.html).toBeNull();
    // The ids came from the table's $defaultFn: one each, distinct.
    const ids = (await store.select({ id: outboxEmails.id }).from(outboxEmails).where(inArray(outboxEmails.to, rows.map((r) => r.to)))).map((r) => r.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('stores audit rows in order, JSON data and NULLs as Drizzle does', async () => {
    const store = await getStore();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const data = [{ email: 'ü@example.test', nested: { list: [1, 'two', null], flag: true } }, null, { quote: 'a "b" \\ c', n: 1.5 }];
    await insertRows(
      store,
      auditEvents,
      ids.map((id, i) => ({ id, ...event(`e-${i}`, data[i]!) })),
    );
    const twins = ids.map((id) => `twin-${id}`);
    await store.insert(auditEvents).values(twins.map((id, i) => ({ id, ...event(`e-${i}`, data[i]!) })));
    const read = async (which: string[]) => {
      const rows = await store.select().from(auditEvents).where(and(inArray(auditEvents.id, which), eq(auditEvents.createdAt, at)));
      return which.map((id) => withoutId([rows.find((r) => r.id === id)!])[0]);
    };
    const batch = await read(ids);
    expect(batch).toEqual(await read(twins));
    expect(batch.map((r) => r!.data)).toEqual(data);
    expect(batch.map((r) => r!.entityId)).toEqual(['e-0', 'e-1', 'e-2']);
    expect(batch[0]).toMatchObject({ actorId: null, requestId: 'req-1', createdAt: at, updatedAt: later });
  });

  it('rejects rows of different shapes and unknown keys, writing nothing', async () => {
    const store = await getStore();
    const to = `shape-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await expect(insertRows(store, outboxEmails, [mail(to, null), { ...mail(to, null), html: undefined, extra: 1 }])).rejects.toThrow(/same keys/);
    await expect(insertRows(store, outboxEmails, [{ ...mail(to, null), nope: 1 }])).rejects.toThrow(/no column nope/);
    expect(await store.select().from(outboxEmails).where(eq(outboxEmails.to, to))).toEqual([]);
  });

  it('does nothing for no rows', async () => {
    await expect(insertRows(await getStore(), outboxEmails, [])).resolves.toBeUndefined();
  });
});
