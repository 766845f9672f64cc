import { AppError } from '@/lib/errors';

/**
 * Chain failures, each with the HTTP status the APIs answer:
 * - unavailable (502): the node could not be reached before anything was signed or sent;
 * - rejected (422): the node refused the transaction — it would revert (reason attached) or the
 *   wallet cannot pay — nothing was sent;
 * - uncertain (502): the transaction was signed and handed to the node but the answer was lost;
 *   the receipt worker settles it (re-broadcasting the same bytes can never send twice).
 */
export class ChainError extends AppError {
  static override readonly kind = 'ChainError';
  constructor(
    status: number,
    readonly kind: 'unavailable' | 'rejected' | 'uncertain',
    readonly reason: string,
  ) {
    super(status, chainMessage(kind), [`chain: ${reason}`]);
  }
}

function chainMessage(kind: ChainError['kind']) {
  if (kind === 'unavailable') return 'The blockchain node could not be reached; nothing was sent.';
  if (kind === 'rejected') return 'The blockchain refused the transaction; nothing was sent.';
  return 'The transaction was signed but the node did not confirm receiving it; it will be checked again.';
}

export const chainUnavailable = (reason: string) => new ChainError(502, 'unavailable', reason);
export const chainRejected = (reason: string) => new ChainError(422, 'rejected', reason);
export const chainUncertain = (reason: string) => new ChainError(502, 'uncertain', reason);

/** A short single-line reason from any error (driver messages never carry key material). */
export function shortReason(error: unknown): string {
  if (error instanceof ChainError) return error.reason;
  const e = error as { shortMessage?: unknown; message?: unknown };
  const text = typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}
