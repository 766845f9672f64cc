import { hostname } from 'node:os';
import { env } from '@/lib/env';
import { errorFields, log } from '@/lib/logger';
import { createSmtpMailer, type Mailer } from './mailer';
import type { ClaimedMail, MailQueue } from '@/lib/storage/mail-queue-contract';
import { nextMailStep, type RetryPolicy } from './queue';
import { runtimeSlot } from '@/lib/runtime';

export { backoffDelay } from './queue';

export type DeliveryOptions = RetryPolicy & {
  from: string;
  batchSize: number;
  now?: Date;
  /** Who claims (the lease's holder); one per process by default. */
  workerId?: string;
  /** How long a claimed mail stays hidden from other workers in case a send hangs or the instance dies. */
  leaseMs?: number;
  /** Checked before each send: once true, the rest of the batch is left to `release`. */
  stopping?: () => boolean;
};

export const defaultDeliveryOptions = {
  maxAttempts: 8,
  backoffBaseMs: 5_000,
  backoffMaxMs: 15 * 60_000,
  batchSize: 20,
} as const;

/** This process's name as a lease holder: distinct per instance and per start. */
export const defaultMailWorkerId = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

export type DeliveryReport = { sent: number; retried: number; failed: number; claimed: number };

/**
 * Delivers the PENDING mails that are due. The batch is CLAIMED from the queue first (a lease per
 * mail; on PostgreSQL `FOR UPDATE SKIP LOCKED`), so overlapping runs and other instances never
 * send a mail at the same time; then each mail is sent, outside any transaction, and its outcome
 * (attempts, the last error, the next attempt time, sentAt) recorded while the lease is still ours.
 */
export async function deliverDueEmails(queue: MailQueue, mailer: Mailer, options: DeliveryOptions): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const workerId = options.workerId ?? defaultMailWorkerId;
  const leaseMs = options.leaseMs ?? env().MAIL_LEASE_MS;
  const claimed = await queue.claimDue(workerId, now, leaseMs, options.batchSize);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, claimed: claimed.length };
  if (!claimed.length) return report;
  // The batch is sent one mail after the other: keep its leases alive meanwhile, so a slow SMTP
  // server never makes the mails still waiting here look abandoned to another instance.
  const heartbeat = setInterval(() => {
    queue.renew(workerId, options.now ?? new Date(), leaseMs).catch((error: unknown) => log('warn', 'mail leases not renewed', errorFields(error)));
  }, leaseMs / 3);
  heartbeat.unref();
  try {
    await sendClaimed(queue, mailer, options, workerId, now, claimed, report);
  } finally {
    clearInterval(heartbeat);
  }
  return report;
}

async function sendClaimed(queue: MailQueue, mailer: Mailer, options: DeliveryOptions, workerId: string, now: Date, claimed: ClaimedMail[], report: DeliveryReport) {
  for (const mail of claimed) {
    // Stopping: the mails not yet handed to SMTP keep their lease until `release` gives them back.
    if (options.stopping?.()) break;
    let error: unknown;
    try {
      await mailer.send({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: messageIdOf(mail.id) });
    } catch (e) {
      error = e ?? new Error('send failed');
    }
    const step = nextMailStep(mail, error, options, now);
    if (!(await queue.finishAttempt(workerId, mail, step))) {
      // Our lease ran out and another worker has the mail now: its record wins.
      log('warn', 'mail lease lost before the outcome was recorded', { outboxId: mail.id, outcome: step.status });
      continue;
    }
    if (step.status === 'SENT') {
      report.sent += 1;
      continue;
    }
    log('warn', step.status === 'FAILED' ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry', {
      outboxId: mail.id,
      attempts: step.attempts,
      nextAttemptAt: step.status === 'PENDING' ? step.nextAttemptAt : null,
      error: step.lastError,
    });
    if (step.status === 'FAILED') report.failed += 1;
    else report.retried += 1;
  }
}

/** The Message-ID of an outbox row: the same on every delivery attempt of it, from any instance. */
export function messageIdOf(outboxId: string): string {
  return `<${outboxId}@${new URL(env().APP_URL).hostname}>`;
}

export type MailWorker = { kick(): void; stop(): Promise<void>; idle(): Promise<void> };

const mailWorkerSlot = runtimeSlot<MailWorker>('mailWorker');

export type MailWorkerOptions = Partial<Omit<DeliveryOptions, 'now' | 'from' | 'stopping'>> & {
  /** The engine's queue, picked where the worker is started (lib/startup.ts, lib/storage/mail-queue.ts). */
  queue: MailQueue;
  intervalMs?: number;
  mailer?: Mailer;
};

/**
 * Starts the in-process delivery loop when SMTP_URL is set (otherwise returns null: mails stay
 * in the outbox for the console's viewer). Never throws and never waits on the network, so it
 * cannot block server start-up. Idempotent per process.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker | null {
  try {
    const running0 = mailWorkerSlot.get();
    if (running0) return running0;
    const { SMTP_URL, MAIL_FROM } = env();
    if (!SMTP_URL && !options.mailer) return null;
    const mailer = options.mailer ?? createSmtpMailer(SMTP_URL!);
    const { queue } = options;
    let running: Promise<void> | null = null;
    let again = false;
    let stopped = false;
    const workerId = options.workerId ?? defaultMailWorkerId;
    const delivery: DeliveryOptions = { ...defaultDeliveryOptions, ...options, from: MAIL_FROM, workerId, stopping: () => stopped };

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
            const report = await deliverDueEmails(queue, mailer, delivery);
            // A full batch means more may be waiting.
            if (report.claimed >= delivery.batchSize) again = true;
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
        // Nothing is being sent now: mails still leased here (a batch cut short by the stop) are
        // due at once for another instance instead of after the lease.
        await queue
          .release(workerId, new Date())
          .then((n) => n > 0 && log('info', 'mail leases released', { count: n }))
          .catch((error: unknown) => log('warn', 'mail leases not released', errorFields(error)));
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
