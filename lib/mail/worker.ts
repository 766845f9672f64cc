import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { getDb, type Db } from '@/db/client';
import { outboxEmails } from '@/db/schema';
import { env } from '@/lib/env';
import { errorFields, log } from '@/lib/logger';
import { createSmtpMailer, type Mailer } from './mailer';
import { redactLinks } from './outbox';
import { runtimeSlot } from '@/lib/runtime';

export type DeliveryOptions = {
  from: string;
  /** After this many failed attempts the mail is marked FAILED and no longer retried. */
  maxAttempts: number;
  /** Delay before the 2nd attempt; doubles on each further failure, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  batchSize: number;
  now?: Date;
};

export const defaultDeliveryOptions = {
  maxAttempts: 8,
  backoffBaseMs: 5_000,
  backoffMaxMs: 15 * 60_000,
  batchSize: 20,
} as const;

/** A claimed mail is hidden from other ticks for this long, in case a send hangs. */
const CLAIM_LEASE_MS = 5 * 60_000;

/** Exponential backoff: base, 2·base, 4·base … capped. `failures` counts failed attempts so far (≥ 1). */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

export type DeliveryReport = { sent: number; retried: number; failed: number };

/**
 * Delivers the PENDING mails that are due. Each row is claimed with a conditional update first,
 * so overlapping runs never send a mail twice; attempts, the last error, the next attempt time
 * and sentAt are recorded on the row.
 */
export async function deliverDueEmails(db: Db, mailer: Mailer, options: DeliveryOptions): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const due = and(
    eq(outboxEmails.status, 'PENDING'),
    or(isNull(outboxEmails.nextAttemptAt), lte(outboxEmails.nextAttemptAt, now)),
  );
  const candidates = db
    .select()
    .from(outboxEmails)
    .where(due)
    .orderBy(asc(outboxEmails.createdAt))
    .limit(options.batchSize)
    .all();
  for (const mail of candidates) {
    const claimed = db
      .update(outboxEmails)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), claimedAt: now })
      .where(and(eq(outboxEmails.id, mail.id), due))
      .run();
    if (claimed.changes !== 1) continue;
    const attempts = mail.attempts + 1;
    try {
      await mailer.send({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      db.update(outboxEmails)
        // lastError is kept: it tells why earlier attempts failed.
        // The link was for the recipient: keep the message with each token replaced by its hash.
        .set({ status: 'SENT', attempts, sentAt: new Date(), nextAttemptAt: null, claimedAt: null, text: redactLinks(mail.text), html: mail.html === null ? null : redactLinks(mail.html) })
        .where(eq(outboxEmails.id, mail.id))
        .run();
      report.sent += 1;
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = attempts >= options.maxAttempts;
      const nextAttemptAt = giveUp
        ? null
        : new Date(now.getTime() + backoffDelay(attempts, options.backoffBaseMs, options.backoffMaxMs));
      db.update(outboxEmails)
        .set({ status: giveUp ? 'FAILED' : 'PENDING', attempts, lastError, nextAttemptAt, claimedAt: null })
        .where(eq(outboxEmails.id, mail.id))
        .run();
      log('warn', giveUp ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry', {
        outboxId: mail.id,
        attempts,
        nextAttemptAt,
        error: lastError,
      });
      if (giveUp) report.failed += 1;
      else report.retried += 1;
    }
  }
  return report;
}

/**
 * On boot, before the worker starts: mails a previous process claimed but never finished (it
 * crashed or was killed mid-send) are made due now instead of waiting out their lease. SMTP has
 * no idempotency, so such a mail may arrive twice; it is never lost. Returns how many.
 */
export function reconcileInterruptedDeliveries(db: Db): number {
  const result = db
    .update(outboxEmails)
    .set({ claimedAt: null, nextAttemptAt: null, lastError: 'delivery interrupted by a server restart; retrying' })
    .where(and(eq(outboxEmails.status, 'PENDING'), isNotNull(outboxEmails.claimedAt)))
    .run();
  if (result.changes > 0) log('warn', 'mail deliveries interrupted by a restart are due again', { count: result.changes });
  return result.changes;
}

export type MailWorker = { kick(): void; stop(): Promise<void>; idle(): Promise<void> };

const mailWorkerSlot = runtimeSlot<MailWorker>('mailWorker');

export type MailWorkerOptions = Partial<Omit<DeliveryOptions, 'now' | 'from'>> & {
  intervalMs?: number;
  mailer?: Mailer;
  db?: () => Db;
};

/**
 * Starts the in-process delivery loop when SMTP_URL is set (otherwise returns null: mails stay
 * in the outbox for the console's viewer). Never throws and never waits on the network, so it
 * cannot block server start-up. Idempotent per process.
 */
export function startMailWorker(options: MailWorkerOptions = {}): MailWorker | null {
  try {
    const running0 = mailWorkerSlot.get();
    if (running0) return running0;
    const { SMTP_URL, MAIL_FROM } = env();
    if (!SMTP_URL && !options.mailer) return null;
    const mailer = options.mailer ?? createSmtpMailer(SMTP_URL!);
    const delivery: DeliveryOptions = { ...defaultDeliveryOptions, ...options, from: MAIL_FROM };
    const database = options.db ?? getDb;
    let running: Promise<void> | null = null;
    let again = false;
    let stopped = false;

    const tick = (): Promise<void> => {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          try {
            const report = await deliverDueEmails(database(), mailer, delivery);
            // A full batch means more may be waiting.
            if (report.sent + report.retried + report.failed >= delivery.batchSize) again = true;
          } catch (error) {
            log('error', 'mail worker run failed', errorFields(error));
          }
        } while (again && !stopped);
      })().finally(() => {
        running = null;
      });
      return running;
    };

    const timer = setInterval(() => void tick(), options.intervalMs ?? 5_000);
    timer.unref();
    setImmediate(() => void tick());
    const worker: MailWorker = {
      kick: () => void tick(),
      idle: async () => {
        while (running) await running;
      },
      stop: async () => {
        stopped = true;
        clearInterval(timer);
        while (running) await running;
        mailer.close?.();
        if (mailWorkerSlot.get() === worker) mailWorkerSlot.set(undefined);
      },
    };
    mailWorkerSlot.set(worker);
    log('info', 'mail worker started');
    return worker;
  } catch (error) {
    log('error', 'mail worker could not start', errorFields(error));
    return null;
  }
}

/** Asks the running worker (if any) to deliver now, e.g. right after a transaction queued mails. */
export function kickMailWorker(): void {
  mailWorkerSlot.get()?.kick();
}

export function stopMailWorker(): Promise<void> {
  return mailWorkerSlot.get()?.stop() ?? Promise.resolve();
}
