import { eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheDrizzleStatements } from './statement-cache';
import { preparedQuery } from '@/lib/storage/prepared';

const people = sqliteTable('people', { id: integer('id').primaryKey(), name: text('name').notNull() });

/** A Drizzle database on its own in-memory connection, with the session's statement cache as in production. */
function database() {
  const client = new Database(':memory:');
  client.exec("create table people (id integer primary key, name text not null); insert into people (name) values ('Ada'), ('Bruno')");
  return cacheDrizzleStatements(drizzle(client, { schema: { people } }));
}

describe('preparedQuery', () => {
  it('builds once per connection, shared by its transactions, and anew for another connection', () => {
    let builds = 0;
    const byId = preparedQuery((db: ReturnType<typeof database>) => {
      builds += 1;
      return db.select().from(people).where(eq(people.id, sql.placeholder('id'))).prepare();
    });
    const db = database();
    expect(byId(db).get({ id: 1 })).toEqual({ id: 1, name: 'Ada' });
    expect(byId(db).get({ id: 2 })).toEqual({ id: 2, name: 'Bruno' });
    db.transaction((tx) => {
      expect(byId(tx as unknown as typeof db)).toBe(byId(db));
    });
    expect(builds).toBe(1);
    const other = database();
    other.$client.exec("update people set name = 'Other' where id = 1");
    expect(byId(other).get({ id: 1 })).toEqual({ id: 1, name: 'Other' });
    expect(builds).toBe(2);
  });

  it('reads the current rows — committed, and inside a transaction its own writes', () => {
    const byId = preparedQuery((db: ReturnType<typeof database>) => db.select().from(people).where(eq(people.id, sql.placeholder('id'))).prepare());
    const db = database();
    expect(byId(db).get({ id: 3 })).toBeUndefined();
    db.insert(people).values({ id: 3, name: 'Chloé' }).run();
    expect(byId(db).get({ id: 3 })).toEqual({ id: 3, name: 'Chloé' });
    db.transaction((tx) => {
      tx.update(people).set({ name: 'Chloe' }).where(eq(people.id, 3)).run();
      expect(byId(db).get({ id: 3 })).toEqual({ id: 3, name: 'Chloe' });
    });
  });

  it('shares its statement with a built query of the same text without either seeing the other in raw mode', () => {
    const byName = preparedQuery((db: ReturnType<typeof database>) => db.select().from(people).where(eq(people.name, sql.placeholder('name'))).prepare());
    const db = database();
    // Drizzle runs a select with a field list in raw mode and never turns it off; the cache resets it.
    expect(byName(db).get({ name: 'Ada' })).toEqual({ id: 1, name: 'Ada' });
    expect(db.all(sql`select "id", "name" from "people" where "people"."name" = ${'Ada'}`)).toEqual([{ id: 1, name: 'Ada' }]);
    expect(db.select().from(people).where(eq(people.name, 'Bruno')).get()).toEqual({ id: 2, name: 'Bruno' });
    expect(byName(db).all({ name: 'Bruno' })).toEqual([{ id: 2, name: 'Bruno' }]);
  });
});
