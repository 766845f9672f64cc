import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TokenTransfer } from '@/db/schema';
import { tokenTransfers } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';
import { ConflictError } from '@/lib/errors';

/**
 * Idempotency for A14 (`Idempotency-Key` header), built on the transfer row itself: the key and
 * a fingerprint of the request are stored on the row, and a unique index on
 * (organization_id, idempotency_key) makes the first insert win even across processes.
 * Rows are never purged, so a key stays bound to its first request for the life of the
 * transfer record — well beyond the 24 hours DESIGN §3 asks for.
 */

/** How long a duplicate waits for the first request's chain call before answering 409. */
export const IN_PROGRESS_WAIT_MS = 5_000;
const POLL_MS = 25;

/** JSON with object keys sorted at every level, so equal requests serialize identically. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of the canonical, normalized request (after validation and defaults), so `1` and
 * `1.0`, or an omitted and an explicit default `tokenType`, count as the same request.
 */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export async function findByIdempotencyKey(store: Store, organizationId: string, key: string): Promise<TokenTransfer | undefined> {
  const [row] = await store
    .select()
    .from(tokenTransfers)
    .where(and(eq(tokenTransfers.organizationId, organizationId), eq(tokenTransfers.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * The row a repeated key refers to, once it has left PENDING: a different body → 409; a
 * duplicate that arrives while the first request is still calling the chain waits for it (up
 * to IN_PROGRESS_WAIT_MS), then answers 409 "still in progress" rather than sending twice.
 */
export async function settledRowForKey(
  store: Store,
  organizationId: string,
  key: string,
  fingerprint: string,
  waitMs = IN_PROGRESS_WAIT_MS,
): Promise<TokenTransfer> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const row = await findByIdempotencyKey(store, organizationId, key);
    if (!row) throw new Error('Idempotency row vanished.');
    if (row.requestFingerprint !== fingerprint) {
      throw new ConflictError('This Idempotency-Key was already used with a different request body.', [
        'Idempotency-Key: already used for another request; use a new key for a new transfer',
      ]);
    }
    if (row.status !== 'PENDING') return row;
    if (Date.now() >= deadline) {
      throw new ConflictError('A request with this Idempotency-Key is still in progress; retry shortly.', [
        `Idempotency-Key: transfer ${row.id} is still pending`,
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The idempotency index lost a race to another request or instance (either engine). */
export { isUniqueViolation } from '@/lib/storage/errors';
