import { z } from 'zod';
import { emailStatuses } from '@/db/schema';
import { limitParam, pageParam, searchParam, sortByParam, sortOrderParam } from '@/lib/shared/query';

/** Outbox list query (console). */
export const listOutboxQuery = z.strictObject({
  page: pageParam,
  limit: limitParam,
  search: searchParam,
  status: z.enum(emailStatuses).optional().meta({ description: 'Only mails in this delivery status.' }),
  sortBy: sortByParam(['createdAt'] as const),
  sortOrder: sortOrderParam,
});
export type ListOutboxQuery = z.output<typeof listOutboxQuery>;

export const outboxItemView = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    status: z.enum(emailStatuses),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().datetime().nullable(),
    /** Set while a delivery attempt holds the mail; a crash leaves it set and boot makes the mail due again. */
    claimedAt: z.string().datetime().nullable(),
    sentAt: z.string().datetime().nullable(),
    links: z.array(z.string()).describe('Invitation/copyright links, only while no SMTP is configured (then the Outbox is their only way out).'),
    linkNotice: z.string().nullable().describe('Who a link is for, or that links go only to the recipient (SMTP configured).'),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .meta({ id: 'OutboxEmail' });
