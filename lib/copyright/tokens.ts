import { createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

/** A request link stays valid this long after it was (re)sent. */
export const REQUEST_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url (43 characters). */
export const requestTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Only the SHA-256 of a token is stored; the token exists in the mail alone. */
export function hashRequestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newRequestToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRequestToken(token) };
}

export function requestLink(token: string): string {
  return `${env().APP_URL.replace(/\/+$/, '')}/copyright/${token}`;
}
