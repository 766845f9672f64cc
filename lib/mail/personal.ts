import { env } from '@/lib/env';
import { log } from '@/lib/logger';
import { runtimeSlot } from '@/lib/runtime';
import { createSmtpMailer, type Mailer, type OutgoingMail } from './mailer';
import { backoffDelay, defaultDeliveryOptions } from './worker';

/**
 * Mail that belongs to a person, not to an organization (a password link). It is never written
 * to outbox_emails: that table is per organization and its admins read it, and an admin holding
 * someone's password link could take over their login. So it is not stored at all:
 *
 * - With SMTP_URL it is sent at once through the same SMTP sender as the outbox, retried in
 *   memory with the outbox's back-off until it is delivered or `retryUntil` (the link's expiry)
 *   has passed. A restart drops a mail still being retried; the person asks again.
 * - Without SMTP (the embedded default) it is written to the server log at WARN, saying SMTP is
 *   not configured, so the operator (who holds the database anyway) can pass it on to its
 *   recipient. This is the one log line that carries a secret, on purpose.
 *
 * Returns at once: a caller never waits on the network (the answer to a reset request must not
 * reveal, by its timing, whether a mail was sent).
 */
export type PersonalMail = Omit<OutgoingMail, 'from'> & {
  /** What the log may say about the mail instead of its text, e.g. `{ kind: 'password' }`. */
  about: Record<string, unknown>;
  retryUntil: Date;
};

type Pending = { mail: PersonalMail; timer: NodeJS.Timeout | null; done: Promise<void>; finish: () => void };
const slot = runtimeSlot<{ mailer: Mailer | null; url: string | undefined; pending: Set<Pending> }>('personalMail');

function state() {
  const url = env().SMTP_URL;
  const current = slot.get();
  if (current && current.url === url) return current;
  current?.mailer?.close?.();
  const created = { mailer: url ? createSmtpMailer(url) : null, url, pending: current?.pending ?? new Set<Pending>() };
  slot.set(created);
  return created;
}

export function sendPersonalMail(mail: PersonalMail): void {
  const { mailer } = state();
  if (!mailer) {
    log('warn', 'SMTP is not configured: a personal mail was not sent. Pass its link to its recipient and nobody else.', {
      ...mail.about,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return;
  }
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const pending: Pending = { mail, timer: null, done, finish };
  state().pending.add(pending);
  void attempt(pending, 1);
}

async function attempt(pending: Pending, attempts: number): Promise<void> {
  const { mail } = pending;
  const s = state();
  try {
    if (!s.mailer) throw new Error('SMTP is no longer configured');
    await s.mailer.send({ from: env().MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    log('info', 'personal mail sent', { ...mail.about, to: mail.to, attempts });
    settle(pending);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const delay = backoffDelay(attempts, defaultDeliveryOptions.backoffBaseMs, defaultDeliveryOptions.backoffMaxMs);
    const giveUp = attempts >= defaultDeliveryOptions.maxAttempts || Date.now() + delay >= mail.retryUntil.getTime();
    log(giveUp ? 'error' : 'warn', giveUp ? 'personal mail delivery failed; giving up' : 'personal mail delivery failed; will retry', {
      ...mail.about,
      to: mail.to,
      attempts,
      error: message,
    });
    if (giveUp) return settle(pending);
    pending.timer = setTimeout(() => void attempt(pending, attempts + 1), delay);
    pending.timer.unref();
  }
}

function settle(pending: Pending) {
  state().pending.delete(pending);
  pending.finish();
}

/** Resolves when every personal mail handed over so far was delivered or given up (tests, shutdown). */
export async function personalMailIdle(): Promise<void> {
  await Promise.all([...state().pending].map((p) => p.done));
}
