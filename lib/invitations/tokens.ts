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

export type InvitationToken = { token: string; hash: string };

/**
 * `count` fresh tokens, cut from one draw of random bytes: a 100-entry import drew them one call
 * at a time, and each call (through Next's wrapper of `randomBytes`) cost ~8 µs on the writer.
 */
export function newInvitationTokens(count: number): InvitationToken[] {
  const bytes = randomBytes(32 * count);
  return Array.from({ length: count }, (_, i) => {
    const token = bytes.subarray(32 * i, 32 * (i + 1)).toString('base64url');
    return { token, hash: hashInvitationToken(token) };
  });
}

export function newInvitationToken(): InvitationToken {
  return newInvitationTokens(1)[0]!;
}

export function invitationLink(token: string): string {
  return `${env().APP_URL.replace(/\/+$/, '')}/invite/${token}`;
}
