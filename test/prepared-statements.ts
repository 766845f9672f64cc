import type Database from 'better-sqlite3';
import { vi } from 'vitest';
import type { Db } from '@/lib/storage/sqlite/client';

/**
 * The SQL texts prepared while `run` runs: through Drizzle (whose session hands out cached
 * statements, lib/storage/sqlite/connection/statement-cache.ts: a spy on the connection alone would miss those) or
 * through the connection itself.
 */
export function preparedDuring(db: Db, run: () => void): string[] {
  const seen = new Set<string>();
  const session = (db as unknown as { session: { client: Database.Database } }).session;
  const spies = [...new Set([db.$client, session.client])].map((target) => {
    const prepare = target.prepare.bind(target);
    return vi.spyOn(target, 'prepare').mockImplementation((source: string) => {
      seen.add(source);
      return prepare(source);
    });
  });
  try {
    run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return [...seen];
}
