import { createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

/** Invitation links stay valid this long after they were (re)sent. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url (43 characters) — what a link carries. */
export const invitationTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Only the SHA-256 of a token is stored; the token itself exists in the mail alone. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function invitationLink(token: string): string {
  return `${env().APP_URL.replace(/\/+$/, '')}/invite/${token}`;
}
