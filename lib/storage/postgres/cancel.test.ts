import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';
import { withReadSignal } from '../read-signal';

/**
 * A read whose client went away stops costing the server (postgres/cancel.ts), against a real
 * server: its running statement is cancelled, a statement under an aborted signal is never sent,
 * and nothing outside a read's scope is touched.
 */
const pg = withPostgres();

/** Statements carrying `marker` running now on other connections. */
async function running(marker: string): Promise<number> {
  const { rows } = await pg.db().$client.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and query like '%' || $1 || '%' and query not like '%pg_stat_activity%'`,
    [marker],
  );
  return Number(rows[0]!.n);
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
}

describe('PostgreSQL reads stop when their client goes away', () => {
  it('cancels the running statement of a read when its signal aborts; the pool keeps answering', async () => {
    const gone = new AbortController();
    const t0 = Date.now();
    const read = withReadSignal(gone.signal, () => pg.db().execute(sql`select pg_sleep(60) as "cancel-me-1"`));
    await until(async () => (await running('cancel-me-1')) === 1);
    expect(await running('cancel-me-1')).toBe(1);
    gone.abort();
    // Drizzle wraps the driver's error: query_canceled.
    await expect(read).rejects.toMatchObject({ cause: { code: '57014' } });
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(await running('cancel-me-1')).toBe(0);
    // Every connection of the pool is usable again, the cancelled one included.
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => pg.db().execute(sql`select ${i}::int as i, pg_sleep(0.01)`)));
    expect(answers.map((r) => r.rows[0]!.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  }, 60_000);

  it('does not send a statement of a read whose signal has already aborted', async () => {
    const t0 = Date.now();
    await expect(withReadSignal(AbortSignal.abort(), () => pg.db().execute(sql`select pg_sleep(60) as "never-sent"`))).rejects.toMatchObject({ cause: { name: 'AbortError' } });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await running('never-sent')).toBe(0);
  });

  it('leaves statements outside a read alone: a transaction in the scope and a statement after it', async () => {
    const gone = new AbortController();
    const tx = withReadSignal(gone.signal, () =>
      pg.db().transaction(async (t) => {
        const { rows } = await t.execute<{ v: number }>(sql`select 7 as v, pg_sleep(0.5) as "in-a-transaction"`);
        return rows[0]!.v;
      }),
    );
    await until(async () => (await running('in-a-transaction')) === 1);
    gone.abort();
    await expect(tx).resolves.toBe(7);
    const { rows } = await pg.db().execute<{ v: number }>(sql`select 8 as v`);
    expect(rows[0]!.v).toBe(8);
  });
});
