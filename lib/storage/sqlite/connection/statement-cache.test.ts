import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '@/lib/storage/sqlite/client';
import { cacheDrizzleStatements, cachingStatements } from './statement-cache';

function table() {
  const client = new Database(':memory:');
  client.exec('create table t (id integer primary key, name text); insert into t (name) values (\'a\'), (\'b\'), (\'c\')');
  return client;
}

describe('cachingStatements', () => {
  it('hands back the statement prepared before for the same text', () => {
    const view = cachingStatements(table());
    const first = view.prepare('select name from t where id = ?');
    expect(view.prepare('select name from t where id = ?')).toBe(first);
    expect(view.prepare('select name from t where id = ? ')).not.toBe(first);
    expect(first.get(2)).toEqual({ name: 'b' });
  });

  it('hands a cached statement back with raw mode off', () => {
    const view = cachingStatements(table());
    expect(view.prepare('select name from t order by id').raw().all()).toEqual([['a'], ['b'], ['c']]);
    expect(view.prepare('select name from t order by id').all()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
  });

  it('prepares a fresh statement while the cached one is being iterated', () => {
    const view = cachingStatements(table());
    const text = 'select id from t order by id';
    const outer = view.prepare(text);
    const seen: number[][] = [];
    for (const row of outer.iterate() as Iterable<{ id: number }>) {
      const inner = view.prepare(text);
      expect(inner).not.toBe(outer);
      seen.push([row.id, inner.all().length]);
    }
    expect(seen).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(view.prepare(text)).toBe(outer);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const view = cachingStatements(table(), 2);
    const a = view.prepare('select 1');
    const b = view.prepare('select 2');
    expect(view.prepare('select 1')).toBe(a);
    view.prepare('select 3');
    expect(view.prepare('select 1')).toBe(a);
    expect(view.prepare('select 2')).not.toBe(b);
  });

  it('leaves the connection itself preparing afresh', () => {
    const client = table();
    const view = cachingStatements(client);
    const cached = view.prepare('select name from t');
    expect(client.prepare('select name from t')).not.toBe(cached);
    expect(view.prepare('select name from t')).toBe(cached);
  });
});

describe('cacheDrizzleStatements', () => {
  it('serves Drizzle queries and transactions (savepoints and rollbacks included) from one connection', () => {
    const client = table();
    const db = cacheDrizzleStatements(drizzle(client));
    const names = () => db.all<{ name: string }>(sql`select name from t order by id`).map((r) => r.name);
    expect(names()).toEqual(['a', 'b', 'c']);
    db.transaction((tx) => {
      tx.run(sql`insert into t (name) values ('d')`);
      expect(() =>
        tx.transaction((inner) => {
          inner.run(sql`insert into t (name) values ('e')`);
          throw new Error('undo e');
        }),
      ).toThrow('undo e');
    });
    expect(names()).toEqual(['a', 'b', 'c', 'd']);
    expect(db.values<[string]>(sql`select name from t order by id`)).toEqual([['a'], ['b'], ['c'], ['d']]);
    // The same text again, not in raw mode: objects, not arrays.
    expect(db.all(sql`select name from t order by id`)).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]);
  });

  it('is what openDb gives the service', () => {
    const db = openDb(':memory:');
    const session = (db as unknown as { session: { client: Database.Database } }).session;
    expect(session.client).not.toBe(db.$client);
    expect(session.client.prepare('select 1')).toBe(session.client.prepare('select 1'));
  });
});
