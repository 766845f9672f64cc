import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { outboxEmails } from '@/db/schema';
import { sqliteMailQueue } from './mail-queue';

/*
 * A second process writing the file while the server runs (the CLI, a test's fixture): the
 * workers' claim transactions take the write lock first (BEGIN IMMEDIATE), as the request writes'
 * group commit does (lib/storage/sqlite/connection/commit-group.ts). A deferred claim read first; if the other process
 * committed between that read and the claim's UPDATE, SQLite could not upgrade the stale snapshot
 * and failed at once with "database is locked" (seen in e2e runs as "webhook worker pass failed").
 * Here the other connection tries to commit right after the claim's SELECT.
 */
const restore: (() => void)[] = [];
afterEach(() => restore.splice(0).forEach((r) => r()));

describe('SQLite claim transactions', () => {
  it('hold the write lock from their start: a commit by another connection in the middle waits for them, the claim succeeds', async () => {
    const db = getDb();
    const to = `claim-${crypto.randomUUID()}@example.test`;
    db.insert(outboxEmails).values({ to, subject: 'Claim', text: 'Hello', createdAt: new Date(Date.now() - 60_000) }).run();
    const other = new Database(process.env.DATABASE_PATH);
    other.pragma('busy_timeout = 0');
    restore.push(() => other.close());
    // After the claim's first statement (its SELECT), the other connection writes and commits.
    const view = (db as unknown as { session: { client: typeof db.$client } }).session.client;
    const prepare = view.prepare.bind(view);
    let otherWrite: 'committed' | 'refused' | undefined;
    view.prepare = ((text: string) => {
      if (otherWrite === undefined && /^update "outbox_emails"/.test(text)) {
        try {
          other.prepare(`insert into outbox_emails (id, "to", subject, text, status, attempts, created_at, updated_at) values (?, ?, 'x', 'x', 'SENT', 0, 0, 0)`).run(crypto.randomUUID(), `other-${crypto.randomUUID()}@example.test`);
          otherWrite = 'committed';
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
          otherWrite = 'refused';
        }
      }
      return prepare(text);
    });
    restore.push(() => delete (view as { prepare?: unknown }).prepare);
    const claimed = await sqliteMailQueue(db).claimDue('claimer', new Date(), 60_000, 500);
    expect(claimed.map((c) => c.to)).toContain(to);
    expect(otherWrite).toBe('refused');
  });
});
