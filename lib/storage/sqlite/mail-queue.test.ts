import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { outboxEmails } from '@/db/schema';
import { createSmtpMailer, type Mailer } from '@/lib/mail/mailer';
import { nextMailStep } from '@/lib/mail/queue';
import { deliverDueEmails, startMailWorker, stopMailWorker, type DeliveryOptions } from '@/lib/mail/worker';
import { TestSmtp } from '@/test/smtp';
import { sqliteMailQueue } from './mail-queue';

/**
 * The lease rules of the outgoing mail queue on SQLite (lib/mail/queue.ts), with a real SMTP
 * server: a claimed mail is hidden from every other worker until its lease runs out, a worker
 * whose lease was taken over cannot overwrite the new holder's record, and a stopping worker
 * leaves the rest of its batch unsent and gives its leases back.
 */
const smtp = new TestSmtp();
let mailer: Mailer;
const options: DeliveryOptions = { from: 'CL2C <no-reply@cl2c.test>', maxAttempts: 3, backoffBaseMs: 1_000, backoffMaxMs: 60_000, batchSize: 20 };

beforeAll(async () => {
  await smtp.start();
  mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`);
});
afterEach(async () => {
  await stopMailWorker();
});
afterAll(async () => {
  mailer.close?.();
  await smtp.stop();
});

function queueMails(n: number, label: string): string[] {
  const to = Array.from({ length: n }, (_, i) => `${label}-${i}-${crypto.randomUUID().slice(0, 6)}@example.test`);
  const base = Date.now() - 60_000;
  getDb()
    .insert(outboxEmails)
    .values(to.map((address, i) => ({ to: address, subject: `Mail ${i}`, text: `Hello ${address}`, createdAt: new Date(base + i) })))
    .run();
  return to;
}
const rowTo = (to: string) => getDb().select().from(outboxEmails).where(eq(outboxEmails.to, to)).get()!;

describe('the SQLite mail queue', () => {
  it('a lease hides the mail from other workers until it runs out; then another takes it over and the first one’s late answer is ignored', async () => {
    const [address] = queueMails(1, 'lease');
    const queue = sqliteMailQueue(getDb());
    const now = new Date();
    const claimed = await queue.claimDue('killed-a', now, 60_000, 10);
    expect(claimed.map((c) => c.to)).toEqual([address]);
    expect(rowTo(address!)).toMatchObject({ claimedBy: 'killed-a', claimedAt: now, leaseUntil: new Date(now.getTime() + 60_000), nextAttemptAt: null });
    expect((await deliverDueEmails(queue, mailer, { ...options, workerId: 'b', now: new Date(now.getTime() + 59_999) })).claimed).toBe(0);
    expect(await deliverDueEmails(queue, mailer, { ...options, workerId: 'b', now: new Date(now.getTime() + 60_000) })).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(smtp.to(address!)).toHaveLength(1);
    expect(await queue.finishAttempt('killed-a', claimed[0]!, nextMailStep(claimed[0]!, new Error('late'), options, now))).toBe(false);
    expect(rowTo(address!)).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, claimedBy: null, leaseUntil: null, claimedAt: null });
  });

  it('a worker’s own stale claim cannot finish the mail once it claimed it again', async () => {
    const [address] = queueMails(1, 'stale');
    const queue = sqliteMailQueue(getDb());
    const now = new Date();
    const first = (await queue.claimDue('a', now, 1_000, 10))[0]!;
    const second = (await queue.claimDue('a', new Date(now.getTime() + 1_000), 1_000, 10))[0]!;
    expect(second.id).toBe(first.id);
    expect(await queue.finishAttempt('a', first, nextMailStep(first, undefined, options, now))).toBe(false);
    expect(rowTo(address!).status).toBe('PENDING');
    expect(await queue.finishAttempt('a', second, nextMailStep(second, undefined, options, now))).toBe(true);
    expect(rowTo(address!).status).toBe('SENT');
  });

  it('while a slow send goes on, the worker renews its leases: another worker finds nothing to claim after the first lease would have run out', async () => {
    const to = queueMails(2, 'slow');
    const queue = sqliteMailQueue(getDb());
    const slow: Mailer = { send: async (mail) => (await new Promise((r) => setTimeout(r, 900)), mailer.send(mail)) };
    const pass = deliverDueEmails(queue, slow, { ...options, workerId: 'slow', leaseMs: 300 });
    await new Promise((r) => setTimeout(r, 600));
    expect(await queue.claimDue('other', new Date(), 300, 10)).toEqual([]);
    expect(await pass).toMatchObject({ claimed: 2, sent: 2 });
    expect(to.map((address) => smtp.to(address).length)).toEqual([1, 1]);
  });

  it('a stopping worker finishes the mail in hand, sends no more, and releases the rest of its batch', async () => {
    const to = queueMails(3, 'stop');
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const sent: string[] = [];
    let claimedAll!: () => void;
    const inHand = new Promise<void>((resolve) => (claimedAll = resolve));
    const worker = startMailWorker({
      queue: sqliteMailQueue(getDb()),
      workerId: 'stopping',
      intervalMs: 60_000,
      mailer: {
        async send(mail) {
          if (!sent.length) {
            claimedAll();
            await held;
          }
          sent.push(mail.to);
          return mailer.send(mail);
        },
      },
    })!;
    await inHand;
    const rows = () => getDb().select().from(outboxEmails).where(inArray(outboxEmails.to, to)).all();
    expect(rows().map((r) => r.claimedBy)).toEqual(['stopping', 'stopping', 'stopping']);
    const stopping = worker.stop();
    letGo();
    await stopping;
    expect(sent).toEqual([to[0]]);
    expect(rowTo(to[0]!)).toMatchObject({ status: 'SENT', claimedBy: null });
    for (const address of to.slice(1)) {
      const row = rowTo(address);
      expect(row).toMatchObject({ status: 'PENDING', attempts: 0, claimedBy: null, leaseUntil: null, claimedAt: null });
      expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(smtp.to(address)).toHaveLength(0);
    }
    expect(await deliverDueEmails(sqliteMailQueue(getDb()), mailer, { ...options, workerId: 'next' })).toEqual({ claimed: 2, sent: 2, retried: 0, failed: 0 });
  });
});
