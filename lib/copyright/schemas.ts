import { z } from 'zod';
import { copyrightRequestStatuses, copyrightStatuses, shareStatuses } from '@/db/schema';
import { licenceId } from './licences';

export const copyrightStatus = z.enum(copyrightStatuses);

/**
 * A holder's answer (the authorization page, and the console for a holder who is an admin).
 * `location` is `copyAuthLocation`: the place the holder states they are deciding from, in their
 * own words (e.g. "Lisbon, Portugal"). Nothing is guessed from the client address, which goes to
 * the audit log only.
 */
export const copyrightDecisionBody = z.strictObject({
  decision: z.enum(['AUTHORIZE', 'REJECT'], { message: 'must be AUTHORIZE or REJECT' }),
  location: z
    .string({ message: 'is required' })
    .trim()
    .min(2, 'is required: say where you are deciding from (e.g. city, country)')
    .max(120, 'must be at most 120 characters'),
  reason: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
});
export type CopyrightDecisionBody = z.output<typeof copyrightDecisionBody>;
export type CopyrightDecisionInput = z.input<typeof copyrightDecisionBody>;

export { licenceId };

/* ---- Response shapes (documentation and console typing) ---- */

const iso = z.string().datetime();

export const copyrightLicenceView = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  summary: z.string(),
});

export const copyrightShareStateView = z
  .object({
    shareId: z.string(),
    userId: z.string(),
    email: z.string(),
    userName: z.string().nullable(),
    walletAddress: z.string().nullable(),
    percentage: z.number(),
    status: z.enum(shareStatuses),
    copyAuthLocation: z.string().nullable(),
    copyAuthTimestamp: iso.nullable(),
    reason: z.string().nullable().describe('The reason the holder gave with a rejection.'),
    memberStatus: z.enum(['ACTIVE', 'SUSPENDED', 'REMOVED']).describe('A holder who is no longer an ACTIVE member cannot answer.'),
    request: z
      .object({
        id: z.string(),
        status: z.enum(copyrightRequestStatuses),
        lastSentAt: iso,
        expiresAt: iso,
        expired: z.boolean(),
        sendCount: z.number().int(),
      })
      .nullable()
      .describe("The share's latest request link in the current round (null when none was sent)."),
  })
  .meta({ id: 'CopyrightShareState' });

export const copyrightDecisionHistoryItem = z.object({
  round: z.number().int(),
  userId: z.string(),
  email: z.string(),
  percentage: z.number(),
  licence: z.string(),
  decision: z.enum(['AUTHORIZED', 'REJECTED']),
  location: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: iso,
  decidedVia: z.string().nullable(),
});

export const copyrightStateView = z
  .object({
    nftId: z.string(),
    copyrightStatus,
    round: z.number().int(),
    frozen: z.boolean().describe('true once the NFT is MINTED: its split and licence can no longer change.'),
    licence: copyrightLicenceView.nullable().describe('The licence offered in the current round (agreed once COPYRIGHTED).'),
    copyrightedAt: iso.nullable(),
    waitingFor: z.array(z.string()).describe('E-mails of the holders who have not answered yet.'),
    viewer: z
      .object({ shareId: z.string(), status: z.enum(shareStatuses) })
      .nullable()
      .describe("The signed-in admin's own share on this NFT (console sessions; null for API keys)."),
    shares: z.array(copyrightShareStateView),
    record: z
      .object({
        json: z.string().describe('The canonical JSON record (copyrightMetadata), exactly the signed bytes.'),
        cid: z.string().nullable(),
        signature: z.string().nullable(),
        signer: z.string().nullable(),
      })
      .nullable(),
    history: z.array(copyrightDecisionHistoryItem).describe('Decisions of earlier rounds and this one, newest first.'),
  })
  .meta({ id: 'CopyrightState' });

export const copyrightVerifyView = z
  .object({
    valid: z.boolean(),
    signer: z.string().nullable(),
    cid: z.string().nullable(),
    cidMatches: z.boolean(),
    checks: z.array(z.string()),
  })
  .meta({ id: 'CopyrightVerification' });

export const copyrightResendView = z.object({
  shareId: z.string(),
  requestId: z.string(),
  expiresAt: iso,
  sendCount: z.number().int(),
});
