import type { ClaimedMail, MailStep } from '@/lib/storage/mail-queue-contract';
import { redactLinks } from './outbox';

export type RetryPolicy = {
  /** After this many failed attempts the mail is marked FAILED and no longer retried. */
  maxAttempts: number;
  /** Delay before the 2nd attempt; doubles on each further failure, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
};

/** Exponential backoff: base, 2·base, 4·base … capped. `failures` counts failed attempts so far (≥ 1). */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

/**
 * The one rule for what an attempt means. Sent: the link was for the recipient, so the message is
 * kept with each token replaced by its hash (issue 26 finding 4); lastError stays, it tells why
 * earlier attempts failed. Failed: retry with backoff from `now` (when the attempt was due), or
 * give up after `maxAttempts`.
 */
export function nextMailStep(
  mail: Pick<ClaimedMail, 'attempts' | 'text' | 'html'>,
  error: unknown,
  policy: RetryPolicy,
  now: Date,
  sentAt = new Date(),
): MailStep {
  const attempts = mail.attempts + 1;
  if (error === undefined) {
    return { status: 'SENT', attempts, sentAt, text: redactLinks(mail.text), html: mail.html === null ? null : redactLinks(mail.html) };
  }
  const lastError = (error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)).slice(0, 1000);
  if (attempts >= policy.maxAttempts) return { status: 'FAILED', attempts, lastError };
  return { status: 'PENDING', attempts, lastError, nextAttemptAt: new Date(now.getTime() + backoffDelay(attempts, policy.backoffBaseMs, policy.backoffMaxMs)) };
}
