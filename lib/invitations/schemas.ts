import { z } from 'zod';
import { emailField, phoneField, registrationFields } from '@/lib/users/schemas';

/**
 * One invitee, validated. A13 applies it to every entry (an invalid entry becomes `failed` with
 * the reason) and the console's CSV preview applies the very same schema to every row.
 * An empty phone means no phone.
 */
export const inviteEntry = z.object({
  email: emailField,
  phone: z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneField.optional()),
});
export type InviteEntry = z.output<typeof inviteEntry>;

/** Shape of an A13 entry as sent; its content is checked per entry with `inviteEntry`. */
export const bulkInviteEntryInput = z.strictObject({
  email: z.string().max(320, 'must be at most 320 characters'),
  phone: z.string().max(40, 'must be at most 40 characters').nullable().optional(),
});
export type BulkInviteEntryInput = z.input<typeof bulkInviteEntryInput>;

export const BULK_INVITE_MAX = 100;

/** A13 body: 1 to 100 entries, else 400 and nothing is written. */
export const bulkInviteBody = z.strictObject({
  users: z
    .array(bulkInviteEntryInput)
    .min(1, 'must contain at least 1 entry')
    .max(BULK_INVITE_MAX, `must contain at most ${BULK_INVITE_MAX} entries`),
});
export type BulkInviteBody = z.output<typeof bulkInviteBody>;

export const bulkInviteStatuses = ['invited', 'skipped', 'failed'] as const;
export type BulkInviteStatus = (typeof bulkInviteStatuses)[number];

export const bulkInviteResult = z.object({
  email: z.string(),
  status: z.enum(bulkInviteStatuses),
  reason: z.string(),
  id: z
    .string()
    .nullable()
    .describe(
      'The record the entry is about: the new invitation (invited), the pending invitation or the membership that made it skipped (a duplicate within the request gets its first occurrence’s id); null only for failed entries.',
    ),
});
export type BulkInviteResult = z.output<typeof bulkInviteResult>;

export const bulkInviteResponse = z
  .object({
    data: z.object({
      results: z.array(bulkInviteResult),
      summary: z.object({
        total: z.number().int(),
        invited: z.number().int(),
        skipped: z.number().int(),
        failed: z.number().int(),
      }),
    }),
  })
  .meta({ id: 'BulkInviteResponse' });
export type BulkInviteResponse = z.output<typeof bulkInviteResponse>;

/**
 * The invitation page's form (names as B5 uses them) and the password of the new login: an
 * invitee who registers through the link signs in later to prove who they are (copyright
 * decisions, further invitations).
 */
export const acceptInvitationBody = z.strictObject({
  ...registrationFields,
  password: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
});
export type AcceptInvitationBody = z.output<typeof acceptInvitationBody>;
export type AcceptInvitationInput = z.input<typeof acceptInvitationBody>;
