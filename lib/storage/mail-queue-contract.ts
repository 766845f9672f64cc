/**
 * The outgoing mail queue as the mail worker (lib/mail/worker.ts) sees it, whatever the engine:
 * claim due mails under a lease, record each attempt's outcome, give leases back. Each engine
 * implements it in its storage module (lib/storage/sqlite/mail-queue.ts,
 * lib/storage/postgres/mail-queue.ts); what a send's outcome MEANS (retry when, give up when,
 * what of the message is kept) is decided once, by `nextMailStep` (lib/mail/queue.ts).
 *
 * The lease lives in `outbox_emails.claimed_by` + `lease_until`; `claimed_at` is when the
 * attempt began. A mail is due when it is PENDING, its `next_attempt_at` has come and nobody
 * holds a live lease on it, so a mail whose holder was killed is claimed again once the lease
 * runs out. SMTP has no idempotency: such a mail may arrive twice, it is never lost.
 */
export type ClaimedMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Failed attempts before this one. */
  attempts: number;
  /** When this claim began: with the worker id it names the claim, so a stale one cannot finish it. */
  claimedAt: Date;
};

/** What becomes of a mail after an attempt. */
export type MailStep =
  | { status: 'SENT'; attempts: number; sentAt: Date; text: string; html: string | null }
  | { status: 'PENDING'; attempts: number; lastError: string; nextAttemptAt: Date }
  | { status: 'FAILED'; attempts: number; lastError: string };

export interface MailQueue {
  /**
   * Claims up to `limit` due mails, oldest first, for `workerId` (lease until now + leaseMs) in
   * one transaction, before any SMTP I/O. On PostgreSQL two instances claiming at once take
   * disjoint rows.
   */
  claimDue(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]>;
  /**
   * Applies `step` and ends the lease, only while this very claim still holds the mail: a worker
   * whose lease ran out (and was taken over) finds its late answer ignored. True when applied.
   */
  finishAttempt(workerId: string, claimed: ClaimedMail, step: MailStep): Promise<boolean>;
  /**
   * Extends every live lease `workerId` holds to now + leaseMs (a heartbeat while a batch is being
   * sent, so a slow SMTP server cannot make the rest of the batch look abandoned). A lease already
   * run out is not revived: another worker may have the mail. Returns how many.
   */
  renew(workerId: string, now: Date, leaseMs: number): Promise<number>;
  /** Gives back every lease `workerId` holds (shutdown): those mails are due now, for any instance. */
  release(workerId: string, now: Date): Promise<number>;
}

/** The row fields a step writes (the lease fields are cleared by each engine). */
export function stepFields(step: MailStep) {
  switch (step.status) {
    case 'SENT':
      return { status: step.status, attempts: step.attempts, sentAt: step.sentAt, nextAttemptAt: null, text: step.text, html: step.html };
    case 'PENDING':
      return { status: step.status, attempts: step.attempts, lastError: step.lastError, nextAttemptAt: step.nextAttemptAt };
    case 'FAILED':
      return { status: step.status, attempts: step.attempts, lastError: step.lastError, nextAttemptAt: null };
  }
}

/** Why a mail whose lease was given back or ran out is due again (the Outbox shows it). */
export const INTERRUPTED_MAIL_ERROR = 'delivery interrupted by a server restart; retrying';
