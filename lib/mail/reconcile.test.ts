import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { outboxEmails } from '@/db/schema';
import { createSmtpMailer } from './mailer';
import { reconcileInterruptedMail, sqliteMailQueue } from '@/lib/storage/sqlite/mail-queue';
import { deliverDueEmails } from './worker';

const options = { from: 'CL2C <no-reply@cl2c.local>', maxAttempts: 3, backoffBaseMs: 1000, backoffMaxMs: 5000, batchSize: 10 };

describe('mail deliveries interrupted by a crash', () => {
  it('a mail claimed by a process that died mid-send is due again on boot and gets delivered', async () => {
    const db = getDb();
    const mail = db
      .insert(outboxEmails)
      .values({ to: 'someone@example.test', subject: 'Hello', text: 'Body' })
      .returning()
      .get();
    // The "previous process": claims the mail, then hangs in SMTP for ever (then is killed).
    void deliverDueEmails(sqliteMailQueue(db), { send: () => new Promise(() => {}) }, options);
    await new Promise((r) => setTimeout(r, 50));
    const claimed = db.select().from(outboxEmails).where(eq(outboxEmails.id, mail.id)).get()!;
    expect(claimed.claimedAt).not.toBeNull();
    expect(claimed.leaseUntil!.getTime()).toBeGreaterThan(Date.now()); // hidden by its lease

    // The new process boots: the lease is released, a real SMTP server receives the mail.
    expect(reconcileInterruptedMail(db)).toBe(1);
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, done) => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        stream.resume();
        stream.on('end', () => done());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`);
    try {
      const report = await deliverDueEmails(sqliteMailQueue(db), mailer, options);
      expect(report.sent).toBe(1);
    } finally {
      mailer.close?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toEqual(['someone@example.test']);
    const done = db.select().from(outboxEmails).where(eq(outboxEmails.id, mail.id)).get()!;
    expect(done).toMatchObject({ status: 'SENT', claimedAt: null, claimedBy: null, leaseUntil: null });
    expect(reconcileInterruptedMail(db)).toBe(0);
  });
});
