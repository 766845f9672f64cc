import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as inviteGET, POST as invitePOST } from '@/app/api/invite/[token]/route';
import { hashInvitationToken } from '@/lib/invitations/tokens';
import { POST as bulk } from '@/app/api/v1/cl2c/user/bulk/route';
import { GET as outboxGET } from '@/app/api/v1/console/outbox/route';
import { outboxEmails } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { mailQueueFor } from '@/lib/storage/mail-queue';
import { resetEnvCache } from '@/lib/env';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { decodeQuotedPrintable, TestSmtp, waitFor } from '@/test/smtp';
import { createSmtpMailer } from './mailer';
import { backoffDelay, deliverDueEmails, messageIdOf, startMailWorker, stopMailWorker } from './worker';

let org: Awaited<ReturnType<typeof createTestOrg>>;
const smtp = new TestSmtp();

beforeAll(async () => {
  org = await createTestOrg('Acme Records');
  await smtp.start();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.MAIL_FROM = 'CL2C Test <invites@cl2c.test>';
  resetEnvCache();
});

afterEach(async () => {
  await stopMailWorker();
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvCache();
});

async function inviteOne(email: string) {
  const res = await call(bulk, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { users: [{ email }] } });
  expect(res.status, res.text).toBe(200);
  expect(res.json.data.summary.invited).toBe(1);
  return res.json.data.results[0].id as string;
}

describe('mail over a real SMTP server', () => {
  it('without SMTP_URL the worker is a no-op and mails stay in the outbox', async () => {
    const saved = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      expect(startMailWorker({ queue: mailQueueFor(await getStore()) })).toBeNull();
    } finally {
      process.env.SMTP_URL = saved;
      resetEnvCache();
    }
  });

  it('delivers the invitation: recipient, subject and a working link', async () => {
    const worker = startMailWorker({ queue: mailQueueFor(await getStore()), intervalMs: 50 });
    expect(worker).not.toBeNull();
    const email = `smtp-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await inviteOne(email);
    const message = await waitFor(() => smtp.to(email)[0]);

    expect(message.from).toBe('invites@cl2c.test');
    expect(message.raw).toMatch(/^Subject: You are invited to join Acme Records on CL2C\r?$/m);
    expect(message.raw).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}\\r?$`, 'm'));
    const body = decodeQuotedPrintable(message.raw);
    const link = body.match(/http:\/\/127\.0\.0\.1:3999\/invite\/([A-Za-z0-9_-]{43})/);
    expect(link).not.toBeNull();
    const token = link![1]!;

    // The link works against the invitation handler.
    const info = await call(inviteGET, { params: { token } });
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ state: 'valid', email, organization: { name: 'Acme Records' } });
    const registered = await call(invitePOST, {
      method: 'POST',
      params: { token },
      body: { firstName: 'Mail', lastName: 'Reader', userName: `reader.${crypto.randomUUID().slice(0, 6)}`, password: 'reader password 1' },
    });
    expect(registered.status, registered.text).toBe(200);

    // The SMTP server has the message before the worker records the delivery: wait for the row to settle.
    const row = await waitFor(async () => {
      const [r] = await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, email));
      return r && r.status !== 'PENDING' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Delivered: the link was the recipient's secret. The row keeps the message, the token only as its hash (issue 26 finding 4).
    expect(row.text).not.toContain(token);
    expect(row.html ?? '').not.toContain(token);
    expect(row.text).toContain(`token sha256 ${hashInvitationToken(token)}`);
  });

  it('while the server is down the mail is retried with backoff, then delivered exactly once', async () => {
    const port = smtp.port;
    await smtp.stop();
    const email = `retry-${crypto.randomUUID().slice(0, 8)}@example.test`;
    startMailWorker({ queue: mailQueueFor(await getStore()), intervalMs: 20, backoffBaseMs: 300, backoffMaxMs: 5_000 });
    await inviteOne(email);

    // Watch the row: each failed attempt pushes the next attempt further out (300, 600, 1200 ms).
    // (Exact values are asserted with a fixed clock below; here the clock is real, so allow slack.)
    const seen = new Map<number, { nextAttemptAt: number; updatedAt: number }>();
    await waitFor(async () => {
      const [r] = await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, email));
      if (r && r.nextAttemptAt && r.attempts > 0 && !seen.has(r.attempts)) {
        seen.set(r.attempts, { nextAttemptAt: r.nextAttemptAt.getTime(), updatedAt: r.updatedAt.getTime() });
      }
      return seen.has(3) ? true : undefined;
    });
    const [row] = await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(row!.status).toBe('PENDING');
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    const delays = [1, 2, 3].map((attempt) => {
      const s = seen.get(attempt)!;
      return s.nextAttemptAt - s.updatedAt;
    });
    delays.forEach((delay, i) => {
      const expected = 300 * 2 ** i;
      expect(delay, `delay after attempt ${i + 1}`).toBeLessThanOrEqual(expected);
      expect(delay, `delay after attempt ${i + 1}`).toBeGreaterThan(expected / 2);
    });
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delays[2]).toBeGreaterThan(delays[1]!);
    expect(smtp.to(email)).toHaveLength(0);

    // The server comes back on the same port: the next attempt delivers, once.
    await smtp.start(port);
    const sent = await waitFor(async () => {
      const [r] = await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, email));
      return r?.status === 'SENT' ? r : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(4);
    expect(sent.lastError).toMatch(/ECONNREFUSED|connect/i);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(email)).toHaveLength(1);

    // The console's outbox shows the delivery record.
    const outbox = await call(outboxGET, { headers: await adminSessionHeaders(org.admin.email), query: { search: email } });
    expect(outbox.json.data[0]).toMatchObject({ to: email, status: 'SENT', attempts: sent.attempts });
    // Delivered by SMTP: the link was the recipient's alone, so the Outbox no longer shows it.
    expect(outbox.json.data[0].links).toEqual([]);
    expect(outbox.json.data[0].text).not.toMatch(/\/invite\/[A-Za-z0-9_-]{43}/);
  });

  it('a mail delivered again (the answer to DATA was lost) carries the same Message-ID, fixed per outbox row', async () => {
    const email = `twice-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await inviteOne(email);
    const [row] = await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const smtpMailer = createSmtpMailer(process.env.SMTP_URL!);
    // The server accepts the message, but the worker never learns it (connection lost after DATA):
    // the attempt counts as failed and the mail is retried — SMTP has no idempotency.
    const lostAnswer = {
      async send(mail: Parameters<typeof smtpMailer.send>[0]) {
        await smtpMailer.send(mail);
        throw new Error('connection lost after DATA');
      },
    };
    const options = { from: 'CL2C Test <invites@cl2c.test>', batchSize: 100, maxAttempts: 8, backoffBaseMs: 1_000, backoffMaxMs: 1_000 };
    const now = Date.now();
    await deliverDueEmails(mailQueueFor(await getStore()), lostAnswer, { ...options, now: new Date(now), workerId: 'instance-a' });
    await deliverDueEmails(mailQueueFor(await getStore()), smtpMailer, { ...options, now: new Date(now + 1_000), workerId: 'instance-b' });
    smtpMailer.close?.();

    const copies = await waitFor(() => (smtp.to(email).length === 2 ? smtp.to(email) : undefined));
    const ids = copies.map((m) => m.raw.match(/^Message-ID: (.+?)\r?$/im)?.[1]);
    expect(ids[0]).toBe(messageIdOf(row!.id));
    expect(ids[1]).toBe(ids[0]);
    expect(ids[0]).toBe(`<${row!.id}@127.0.0.1>`);
    expect((await (await getStore()).select().from(outboxEmails).where(eq(outboxEmails.id, row!.id)))[0]!.status).toBe('SENT');
  });

  it('schedules retries exactly and gives up after maxAttempts (FAILED)', async () => {
    const db = await getStore();
    const email = `never-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await inviteOne(email);
    const dead = createSmtpMailer('smtp://127.0.0.1:1'); // nothing listens on port 1
    const options = { from: 'x@cl2c.test', maxAttempts: 3, backoffBaseMs: 1_000, backoffMaxMs: 60_000, batchSize: 50 };
    const row = async () => (await db.select().from(outboxEmails).where(eq(outboxEmails.to, email)))[0]!;
    let now = Date.now() + 1;
    await deliverDueEmails(mailQueueFor(db), dead, { ...options, now: new Date(now) });
    expect(await row()).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await row()).nextAttemptAt!.getTime()).toBe(now + 1_000);
    // Not due yet: nothing happens.
    await deliverDueEmails(mailQueueFor(db), dead, { ...options, now: new Date(now + 999) });
    expect((await row()).attempts).toBe(1);
    now += 1_000;
    await deliverDueEmails(mailQueueFor(db), dead, { ...options, now: new Date(now) });
    expect(await row()).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect((await row()).nextAttemptAt!.getTime()).toBe(now + 2_000);
    now += 2_000;
    await deliverDueEmails(mailQueueFor(db), dead, { ...options, now: new Date(now) });
    expect(await row()).toMatchObject({ status: 'FAILED', attempts: 3, nextAttemptAt: null });
    expect(backoffDelay(1, 1000, 60_000)).toBe(1000);
    expect(backoffDelay(4, 1000, 60_000)).toBe(8000);
    expect(backoffDelay(20, 1000, 60_000)).toBe(60_000);
  });
});
