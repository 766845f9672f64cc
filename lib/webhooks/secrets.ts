import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { open, seal } from '@/lib/crypto/secret-box';

const PURPOSE = 'webhook-secret';
/** Both secrets sign for this long after a rotation, so receivers can switch without downtime. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** `whsec_` + base64 of 32 random bytes (the Standard Webhooks secret format). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export const sealSecret = (secret: string) => seal(secret, PURPOSE);
export const openSecret = (sealed: string) => open(sealed, PURPOSE);

/**
 * The `webhook-signature` header: `v1,<sig>` for every secret that signs now (space-separated,
 * as the standard allows), computed by the standardwebhooks library over "id.timestamp.body".
 */
export function signatureHeader(secrets: string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((s) => new Webhook(s).sign(messageId, timestamp, body)).join(' ');
}
