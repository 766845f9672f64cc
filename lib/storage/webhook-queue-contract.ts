/** What one delivery attempt got back (lib/webhooks/send.ts). */
export type SendResult = {
  /** 0 when no HTTP answer came (refused address, connection error, timeout). */
  statusCode: number;
  latencyMs: number;
  responseExcerpt: string | null;
  /** Seconds, from a Retry-After header (delta or HTTP date), when the receiver gave one. */
  retryAfterSeconds: number | null;
  error: string | null;
};

/**
 * The webhook delivery queue as the worker (lib/jobs/webhook-worker.ts) sees it, whatever the
 * engine: claim due deliveries under a lease, record each attempt's outcome, give leases back.
 * Each engine implements it in its storage module (lib/storage/sqlite/webhook-queue.ts,
 * lib/storage/postgres/webhook-queue.ts); what an answer MEANS (retry when, disable on 410) is
 * decided once, by `nextStep` (lib/webhooks/queue.ts).
 */
export type ClaimedDelivery = {
  deliveryId: string;
  attemptId: string;
  attempt: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  eventId: string;
  payload: string;
};

/** What becomes of a delivery after an attempt. */
export type NextStep =
  | { status: 'SUCCEEDED' }
  | { status: 'FAILED'; disableEndpoint?: string }
  | { status: 'PENDING'; nextAttemptAt: Date };

export interface WebhookQueue {
  /**
   * Claims up to `limit` due deliveries of enabled endpoints for `workerId` (lease until
   * now + leaseMs) and logs an IN_FLIGHT attempt for each, in one transaction, before any network
   * I/O. An attempt left IN_FLIGHT by a worker whose lease ran out is marked INTERRUPTED.
   */
  claimDue(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]>;
  /** Records the attempt's answer and applies `next`, only while `workerId` still holds the lease. */
  finishAttempt(workerId: string, claimed: ClaimedDelivery, result: SendResult, next: NextStep, now: Date): Promise<void>;
  /** Gives back every lease `workerId` holds (shutdown): its in-flight attempts are INTERRUPTED, the deliveries due now. */
  release(workerId: string, now: Date): Promise<number>;
}

export const isSuccess = (result: SendResult) => result.statusCode >= 200 && result.statusCode < 300;

/** The attempt row's outcome fields for an answer. */
export function attemptOutcome(result: SendResult) {
  const ok = isSuccess(result);
  return {
    outcome: ok ? ('SUCCEEDED' as const) : ('FAILED' as const),
    statusCode: result.statusCode || null,
    latencyMs: result.latencyMs,
    responseExcerpt: result.responseExcerpt,
    error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
  };
}

export const INTERRUPTED_ERROR = 'the worker stopped before the answer was recorded';
