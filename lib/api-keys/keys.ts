import { createHash, randomBytes } from 'node:crypto';

export type KeyFamily = 'A' | 'B';

const PREFIX_LENGTH = 12;

/** A new key: `cl2c_a_` / `cl2c_b_` + 32 random bytes in base64url. Only its hash is stored. */
export function generateApiKey(family: KeyFamily): { key: string; prefix: string; hash: string } {
  const key = `cl2c_${family.toLowerCase()}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
