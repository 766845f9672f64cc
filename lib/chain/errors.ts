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
    readonly kind: 'unavailable' | 'rejected' | 'uncertain' | 'halted' | 'insufficient',
    readonly reason: string,
  ) {
    super(status, chainMessage(kind), [`chain: ${reason}`]);
  }
}

function chainMessage(kind: ChainError['kind']) {
  if (kind === 'unavailable') return 'The blockchain node could not be reached; nothing was sent.';
  if (kind === 'rejected') return 'The blockchain refused the transaction; nothing was sent.';
  if (kind === 'halted') return 'Sending is stopped: the node now serves a different chain than the one on record; nothing was sent.';
  if (kind === 'insufficient') return 'The wallet cannot pay for this transaction; nothing was sent.';
  return 'The transaction was signed but the node did not confirm receiving it; it will be checked again.';
}

export const chainUnavailable = (reason: string) => new ChainError(502, 'unavailable', reason);
export const chainRejected = (reason: string) => new ChainError(422, 'rejected', reason);
export const chainUncertain = (reason: string) => new ChainError(502, 'uncertain', reason);
/** The node serves another chain than the one recorded (lib/chain/identity.ts): 503 until reconciled. */
export const chainHalted = (reason: string) => new ChainError(503, 'halted', reason);
/** The wallet cannot pay (value + gas): 409, nothing signed. */
export const chainInsufficient = (reason: string) => new ChainError(409, 'insufficient', reason);

/**
 * Why a node refused a signed transaction, told apart: the wallet cannot pay, the nonce is taken
 * (by a mined transaction, or a pending one with fees at least as high), or another refusal.
 */
export function classifyRefusal(text: string): { kind: 'insufficient_funds' | 'nonce_conflict' | 'nonce_ahead' | 'known' | 'refused'; reason: string } {
  const line = text.split('\n')[0]!.slice(0, 300);
  // A node that queues no transaction above a missing nonce (Hardhat automining) refuses one whose
  // lower nonces have not arrived yet — another instance's broadcast may still be on its way.
  if (/nonce too high/i.test(text)) return { kind: 'nonce_ahead', reason: `nonce ahead of the node: ${line}` };
  if (/insufficient funds|sender doesn't have enough funds|exceeds balance/i.test(text)) return { kind: 'insufficient_funds', reason: `insufficient funds: ${line}` };
  if (/already known|known transaction|already imported/i.test(text)) return { kind: 'known', reason: line };
  if (/nonce too low|nonce has already been used|replacement transaction underpriced|underpriced|nonce.*(lower|already)/i.test(text)) {
    return { kind: 'nonce_conflict', reason: `nonce conflict: ${line}` };
  }
  return { kind: 'refused', reason: `node refused: ${line}` };
}

/** A short single-line reason from any error (driver messages never carry key material). */
export function shortReason(error: unknown): string {
  if (error instanceof ChainError) return error.reason;
  const e = error as { shortMessage?: unknown; message?: unknown };
  const text = typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}
