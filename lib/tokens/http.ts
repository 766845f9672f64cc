import { ValidationError } from '@/lib/errors';
import { issueLines } from '@/lib/http/zod-issues';
import { idempotencyKeyHeader } from './schemas';

/** The request's `Idempotency-Key`, validated; null when absent. */
export function readIdempotencyKey(headers: Headers): string | null {
  const raw = headers.get('idempotency-key');
  if (raw === null) return null;
  const parsed = idempotencyKeyHeader.safeParse(raw);
  if (!parsed.success) throw new ValidationError('Invalid Idempotency-Key header.', issueLines(parsed.error, 'Idempotency-Key'));
  return parsed.data;
}
