import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

/** An EVM address in any case; output is the EIP-55 checksum form. */
export const evmAddress = z
  .string()
  .trim()
  .refine((v) => isAddress(v, { strict: false }), 'must be a valid EVM address (0x + 40 hex digits)')
  .transform((v) => getAddress(v))
  .meta({ type: 'string', example: '0x52908400098527886E0F7030069857D2E4169EE7' });

/** ISO 8601 date-time with an offset or Z; output is a Date. */
export const isoDateTime = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time, e.g. 2026-11-22T10:00:00.000Z' })
  .transform((v) => new Date(v))
  .meta({ type: 'string', format: 'date-time' });

/** Free-form JSON object (not an array, not null), at most 64 KiB once serialised. */
export const jsonObject = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 65_536, 'must be at most 64 KiB of JSON');

export const idParam = z.object({ id: z.string() });
