import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '@/lib/storage/tables';
import { createSmtpMailer, type Mailer } from '@/lib/mail/mailer';
import { startMailWorker, stopMailWorker } from '@/lib/mail/worker';
import { TestSmtp } from '@/test/smtp';
import { getStore } from './current';
import { mailQueueFor } from './mail-queue';

/*
 * The mail worker on the queue start-up picks for the engine of this run (both Vitest projects run
 * this file): a queued mail reaches a real SMTP server once, the row records it, and stopping the
 * worker leaves no lease behind.
 */
const smtp = new TestSmtp();
let mailer: Mailer;

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

describe("the process's mail queue", () => {
  it('is the engine of the process, and the worker on it delivers a queued mail once', async () => {
    const store = await getStore();
    const to = `engine-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await store.insert(outboxEmails).values({ to, subject: 'Hello', text: 'Body' });
    const worker = startMailWorker({ queue: mailQueueFor(store), mailer, intervalMs: 50, workerId: `engine-${store.engine}` })!;
    expect(worker).not.toBeNull();
    for (let i = 0; smtp.to(to).length === 0; i++) {
      if (i > 500) throw new Error(`no mail reached the SMTP server on ${store.engine}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await worker.stop();
    const [row] = await store.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, claimedBy: null, leaseUntil: null, claimedAt: null });
    expect(smtp.to(to)).toHaveLength(1);
    expect(process.env.DATABASE_URL ? 'postgres' : 'sqlite').toBe(store.engine);
  });
});
