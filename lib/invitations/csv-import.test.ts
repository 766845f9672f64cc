import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as bulk } from '@/app/api/v1/cl2c/user/bulk/route';
import { invitations } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { call, createTestOrg } from '@/test/helpers';
import { checkExisting, guessMapping, parseCsv, previewRows, resultsToCsv, runBulkInvite, summarize, toBatches } from './csv-import';
import type { BulkInviteBody } from './schemas';

describe('CSV import (console logic)', () => {
  it('parses quoted cells, maps columns by header and validates each row with the A13 entry schema', () => {
    const table = parseCsv('\uFEFFName,E-mail,Mobile\n"Lovelace, Ada",ada@example.test,+44 20 7946 0958\nBob,not-an-email,\n\nCy,ADA@example.test,12ab\n');
    expect(table.headers).toEqual(['Name', 'E-mail', 'Mobile']);
    expect(table.rows).toHaveLength(3);
    const mapping = guessMapping(table.headers);
    expect(mapping).toEqual({ email: 1, phone: 2 });
    const rows = previewRows(table, mapping);
    expect(rows[0]).toEqual({ row: 1, email: 'ada@example.test', phone: '+44 20 7946 0958', errors: [], duplicateOf: null });
    expect(rows[1]!.errors).toEqual(['email: must be a valid e-mail address']);
    expect(rows[2]!.errors[0]).toMatch(/^phone: must be a phone number/);
    const dup = previewRows(parseCsv('email\na@x.test\nA@X.test'), { email: 0, phone: null });
    expect(dup[1]!.duplicateOf).toBe(1);
  });

  it('an empty e-mail cell is "required", not "invalid"', () => {
    const rows = previewRows(parseCsv('email,phone\n,+15551234567\n  ,+15557654321\n'), { email: 0, phone: 1 });
    expect(rows.map((r) => r.errors)).toEqual([['email: is required'], ['email: is required']]);
  });

  it('asks the server about the rows to send only, 1,000 a call, and keeps members and pending invitations by row', async () => {
    const text = ['email', ...Array.from({ length: 2500 }, (_, i) => `p${i}@x.test`), 'bad', 'p0@x.test'].join('\n');
    const rows = previewRows(parseCsv(text), { email: 0, phone: null });
    const calls: number[] = [];
    const existing = await checkExisting(rows, ({ emails }) => {
      calls.push(emails.length);
      return Promise.resolve({
        data: {
          results: emails.map((email) => ({
            email,
            status: email === 'p1@x.test' ? 'member' : email === 'p2000@x.test' ? 'invited' : 'new',
            id: null,
            reason: '',
          })),
        },
      });
    });
    // The invalid row and the duplicate are not sent, so not checked either.
    expect(calls).toEqual([1000, 1000, 500]);
    expect([...existing.entries()]).toEqual([
      [2, 'member'],
      [2001, 'invited'],
    ]);
  });

  it('batches of at most 100', () => {
    expect(toBatches(Array.from({ length: 250 }, (_, i) => i)).map((b) => b.length)).toEqual([100, 100, 50]);
  });

  it('a 5,000-row file: 50 batches through the real A13 handler, one result per row, progress to the end', async () => {
    const org = await createTestOrg();
    const tag = crypto.randomUUID().slice(0, 6);
    const lines = ['email,phone'];
    for (let i = 1; i <= 5000; i++) {
      if (i % 1000 === 0) lines.push(`broken-${i},`); // 5 invalid rows
      else if (i % 999 === 0) lines.push(`p${tag}-1@bulk.test,`); // 5 duplicates of row 1
      else lines.push(`p${tag}-${i}@bulk.test,${i % 2 ? '' : `+1555${String(i).padStart(7, '0')}`}`);
    }
    const table = parseCsv(lines.join('\n'));
    const rows = previewRows(table, guessMapping(table.headers));
    expect(rows).toHaveLength(5000);

    const sizes: number[] = [];
    const send = async (body: BulkInviteBody) => {
      sizes.push(body.users.length);
      const res = await call(bulk, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body });
      if (res.status !== 200) throw new Error(res.json?.error ?? `HTTP ${res.status}`);
      return res.json;
    };
    const progress: number[] = [];
    const results = await runBulkInvite(rows, send, (p) => progress.push(p.done));

    expect(sizes.length).toBe(50);
    expect(sizes.every((n) => n <= 100)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(4990);
    expect(progress[0]).toBe(10);
    expect(progress.at(-1)).toBe(5000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(results).toHaveLength(5000);
    expect(results.map((r) => r.row)).toEqual(rows.map((r) => r.row));
    expect(summarize(results)).toEqual({ total: 5000, invited: 4990, skipped: 5, failed: 5 });
    expect(results[999]).toMatchObject({ row: 1000, status: 'failed', reason: 'email: must be a valid e-mail address' });
    expect(results[998]).toMatchObject({ row: 999, status: 'skipped', reason: 'duplicate of row 1 in the file' });
    const stored = await (await getStore()).select().from(invitations).where(eq(invitations.organizationId, org.organization.id));
    expect(stored).toHaveLength(4990);

    // Importing the same file again: every row already invited, nothing new.
    const again = await runBulkInvite(rows, send);
    expect(summarize(again)).toEqual({ total: 5000, invited: 0, skipped: 4995, failed: 5 });

    const csv = resultsToCsv(results);
    const back = parseCsv(csv);
    expect(back.headers).toEqual(['row', 'email', 'phone', 'status', 'reason', 'id']);
    expect(back.rows).toHaveLength(5000);
    expect(back.rows[0]![3]).toBe('invited');
  }, 60_000); // 100 A13 batches of 100: ~5 s on SQLite, ~15 s on PostgreSQL (its search index writes)

  it('a failing batch marks its rows failed and the import goes on', async () => {
    const rows = previewRows(parseCsv(['email', ...Array.from({ length: 150 }, (_, i) => `f${i}@x.test`)].join('\n')), { email: 0, phone: null });
    let n = 0;
    const results = await runBulkInvite(rows, (body) => {
      n += 1;
      if (n === 1) return Promise.reject(new Error('HTTP 500'));
      return Promise.resolve({
        data: {
          results: body.users.map((u) => ({ email: u.email, status: 'invited' as const, reason: 'ok', id: 'x' })),
          summary: { total: body.users.length, invited: body.users.length, skipped: 0, failed: 0 },
        },
      });
    });
    expect(summarize(results)).toEqual({ total: 150, invited: 50, skipped: 0, failed: 100 });
    expect(results[0]!.reason).toBe('request failed: HTTP 500');
  });
});
