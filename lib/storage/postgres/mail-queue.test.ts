import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '@/db/schema-pg';
import { createSmtpMailer, type Mailer } from '@/lib/mail/mailer';
import { nextMailStep } from '@/lib/mail/queue';
import { deliverDueEmails, startMailWorker, stopMailWorker, type DeliveryOptions } from '@/lib/mail/worker';
import { withPostgres } from '@/test/postgres/database';
import { TestSmtp } from '@/test/smtp';
import { openPostgres, type PgDb } from './connection';
import { postgresMailQueue } from './mail-queue';

/**
 * Outgoing mail on PostgreSQL with two instances on one database (issue 29, "work claimed, not
 * assumed"): each instance has its own pool and worker id, and they run their passes at the same
 * time against a real SMTP server. What must hold: every mail reaches the server exactly once, no
 * mail is claimed by both, a lease left by a killed instance is taken over by the other (and the
 * killed one's late answer is ignored), leases are given back on shutdown, and a failed send is
 * retried on the schedule.
 */
const pg = withPostgres();
let second: PgDb;
const smtp = new TestSmtp();
const mailers: Mailer[] = [];
const options: DeliveryOptions = { from: 'CL2C <no-reply@cl2c.test>', maxAttempts: 3, backoffBaseMs: 1_000, backoffMaxMs: 60_000, batchSize: 5 };

beforeAll(async () => {
  second = await openPostgres(pg.url(), 'TEST_DATABASE_URL');
  await smtp.start();
});
afterEach(async () => {
  await stopMailWorker();
});
afterAll(async () => {
  for (const m of mailers) m.close?.();
  await second?.$client.end();
  await smtp.stop();
});

/** A real SMTP client on the test server that counts the mails it handed over. */
function smtpMailer(port = smtp.port) {
  const inner = createSmtpMailer(`smtp://127.0.0.1:${port}`);
  mailers.push(inner);
  const sent: string[] = [];
  const mailer: Mailer = {
    async send(mail) {
      const info = await inner.send(mail);
      sent.push(mail.to);
      return info;
    },
  };
  return { mailer, sent };
}

/** Queues `n` mails as queueEmailsIn does inside a state change; their recipients, oldest first. */
async function queueMails(n: number, label: string): Promise<string[]> {
  const to = Array.from({ length: n }, (_, i) => `${label}-${i}-${crypto.randomUUID().slice(0, 6)}@example.test`);
  const base = Date.now() - 60_000;
  await pg
    .db()
    .insert(outboxEmails)
    .values(to.map((address, i) => ({ to: address, subject: `Mail ${i}`, text: `Hello ${address}`, createdAt: new Date(base + i) })));
  return to;
}

const rowsTo = (to: string[]) => pg.db().select().from(outboxEmails).where(inArray(outboxEmails.to, to));
const rowTo = async (to: string) => (await pg.db().select().from(outboxEmails).where(eq(outboxEmails.to, to)))[0]!;
const receivedBy = (to: string[]) => to.map((address) => smtp.to(address).length);

describe('two instances on one PostgreSQL database', () => {
  it('deliver 40 mails to a real SMTP server, each exactly once, while both pass at the same time', async () => {
    const to = await queueMails(40, 'both');
    const a = { queue: postgresMailQueue(pg.db()), ...smtpMailer() };
    const b = { queue: postgresMailQueue(second), ...smtpMailer() };
    // Both instances keep passing, concurrently, until neither finds work.
    for (;;) {
      const [ra, rb] = await Promise.all([
        deliverDueEmails(a.queue, a.mailer, { ...options, workerId: 'instance-a' }),
        deliverDueEmails(b.queue, b.mailer, { ...options, workerId: 'instance-b' }),
      ]);
      if (ra.claimed + rb.claimed === 0) break;
    }
    expect(receivedBy(to)).toEqual(to.map(() => 1));
    expect([...a.sent, ...b.sent].sort()).toEqual([...to].sort());
    // Both instances did work (each pass claims at most 5 of the 40), never the same mail.
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    expect(a.sent.filter((x) => b.sent.includes(x))).toEqual([]);
    for (const row of await rowsTo(to)) {
      expect(row).toMatchObject({ status: 'SENT', attempts: 1, claimedBy: null, leaseUntil: null, claimedAt: null, nextAttemptAt: null });
    }
  });

  it('a claim of one instance is invisible to the other until its lease runs out (instance killed), then taken over once; the late answer is ignored', async () => {
    const [address] = await queueMails(1, 'killed');
    const a = postgresMailQueue(pg.db());
    const b = { queue: postgresMailQueue(second), ...smtpMailer() };
    const now = new Date();
    // Instance A claims and is killed before sending: no mail, a lease held by a dead worker.
    const claimed = await a.claimDue('killed-a', now, 60_000, 10);
    expect(claimed.map((c) => c.to)).toEqual([address]);
    expect(await rowTo(address!)).toMatchObject({ claimedBy: 'killed-a', leaseUntil: new Date(now.getTime() + 60_000) });
    const before = await deliverDueEmails(b.queue, b.mailer, { ...options, workerId: 'instance-b', now: new Date(now.getTime() + 30_000) });
    expect(before.claimed).toBe(0);
    const after = await deliverDueEmails(b.queue, b.mailer, { ...options, workerId: 'instance-b', now: new Date(now.getTime() + 61_000) });
    expect(after).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(receivedBy([address!])).toEqual([1]);
    // The killed instance's late answer (had it sent and failed) can no longer change the mail.
    expect(await a.finishAttempt('killed-a', claimed[0]!, nextMailStep(claimed[0]!, new Error('late'), options, now))).toBe(false);
    expect(await rowTo(address!)).toMatchObject({ status: 'SENT', attempts: 1, lastError: null, claimedBy: null });
  });

  it('while a slow send goes on, the instance renews its leases: the other finds nothing to claim after the first lease would have run out', async () => {
    const to = await queueMails(2, 'slow');
    const a = smtpMailer();
    const slow: Mailer = { send: async (mail) => (await new Promise((r) => setTimeout(r, 900)), a.mailer.send(mail)) };
    const pass = deliverDueEmails(postgresMailQueue(pg.db()), slow, { ...options, workerId: 'slow-a', leaseMs: 300 });
    await new Promise((r) => setTimeout(r, 600));
    expect(await postgresMailQueue(second).claimDue('instance-b', new Date(), 300, 10)).toEqual([]);
    expect(await pass).toMatchObject({ claimed: 2, sent: 2 });
    expect(receivedBy(to)).toEqual([1, 1]);
  });

  it('on shutdown an instance stops between sends and gives its leases back: the other delivers them at once', async () => {
    const to = await queueMails(3, 'shutdown');
    const { mailer: inner } = smtpMailer();
    // Instance A's first send is held until its worker has been told to stop.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const sentByA: string[] = [];
    const worker = startMailWorker({
      queue: postgresMailQueue(pg.db()),
      workerId: 'stopping-a',
      intervalMs: 60_000,
      mailer: {
        async send(mail) {
          if (!sentByA.length) await held;
          sentByA.push(mail.to);
          return inner.send(mail);
        },
      },
    })!;
    expect(worker).not.toBeNull();
    for (let i = 0; !(await rowsTo(to)).every((r) => r.claimedBy === 'stopping-a'); i++) {
      if (i > 500) throw new Error('the worker never claimed the mails');
      await new Promise((r) => setTimeout(r, 20));
    }
    const stopping = worker.stop();
    letGo();
    await stopping;
    // The mail in hand was finished; the two not begun are released, due now, for anybody.
    expect(sentByA).toEqual([to[0]]);
    const rows = new Map((await rowsTo(to)).map((r) => [r.to, r]));
    expect(rows.get(to[0]!)).toMatchObject({ status: 'SENT', claimedBy: null });
    for (const address of to.slice(1)) {
      const row = rows.get(address)!;
      expect(row).toMatchObject({ status: 'PENDING', attempts: 0, claimedBy: null, leaseUntil: null, claimedAt: null });
      expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const b = { queue: postgresMailQueue(second), ...smtpMailer() };
    expect(await deliverDueEmails(b.queue, b.mailer, { ...options, workerId: 'instance-b' })).toEqual({ claimed: 2, sent: 2, retried: 0, failed: 0 });
    expect(receivedBy(to)).toEqual([1, 1, 1]);
  });

  it('an SMTP failure is retried on the schedule (by whichever instance claims it), then given up after maxAttempts', async () => {
    const [address, doomed] = await queueMails(2, 'retry');
    const a = postgresMailQueue(pg.db());
    const b = postgresMailQueue(second);
    const dead = createSmtpMailer('smtp://127.0.0.1:1'); // nothing listens on port 1
    mailers.push(dead);
    let now = Date.now() + 1;
    expect(await deliverDueEmails(a, dead, { ...options, workerId: 'a', now: new Date(now) })).toEqual({ claimed: 2, sent: 0, retried: 2, failed: 0 });
    const failed = await rowTo(address!);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, claimedBy: null, leaseUntil: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt!.getTime()).toBe(now + 1_000);
    // Not due yet: neither instance touches it.
    expect((await deliverDueEmails(b, dead, { ...options, workerId: 'b', now: new Date(now + 999) })).claimed).toBe(0);
    now += 1_000;
    // The other instance takes the retry; the server is back for the first mail only.
    await pg.db().update(outboxEmails).set({ nextAttemptAt: new Date(now + 1) }).where(eq(outboxEmails.to, doomed!));
    const { mailer } = smtpMailer();
    expect(await deliverDueEmails(b, mailer, { ...options, workerId: 'b', now: new Date(now) })).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    const sent = await rowTo(address!);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, nextAttemptAt: null });
    expect(sent.lastError).toMatch(/ECONNREFUSED|connect/i); // it tells why the first attempt failed
    expect(receivedBy([address!])).toEqual([1]);
    // The second keeps failing: 2 s after its 2nd attempt the 3rd, then FAILED.
    await deliverDueEmails(a, dead, { ...options, workerId: 'a', now: new Date(now + 1) });
    expect(await rowTo(doomed!)).toMatchObject({ status: 'PENDING', attempts: 2, nextAttemptAt: new Date(now + 1 + 2_000) });
    await deliverDueEmails(b, dead, { ...options, workerId: 'b', now: new Date(now + 1 + 2_000) });
    expect(await rowTo(doomed!)).toMatchObject({ status: 'FAILED', attempts: 3, nextAttemptAt: null, claimedBy: null });
    expect(receivedBy([doomed!])).toEqual([0]);
  });
});
