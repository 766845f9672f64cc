import { z } from 'zod';
import { limitParam, pageParam, sortByParam, sortOrderParam } from '@/lib/shared/query';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date')
  .optional();

const code = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

const auditFilters = {
  search: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined)
    .meta({
      description:
        'Case-insensitive text: the action’s name (e.g. `minted`), and from 3 characters on the name of the record (contract, NFT, invitation, API key) or the e-mail/name of a member it is about or who did it, or an exact record id. Answered through the search indexes, never by reading every event.',
      example: 'sunrise',
    }),
  actor: code(100).meta({ description: 'Only events by this actor: a user id or API key id (see GET /console/audit/actors).' }),
  action: code(100).meta({ description: 'Only events with this action code, e.g. `nft.create`.', example: 'nft.create' }),
  entityType: code(50).meta({ description: 'Only events about this record type, e.g. `nft`, `smart_contract`, `user_organization`.', example: 'nft' }),
  entityId: code(100).meta({ description: 'Only events about this record (with entityType).' }),
  from: day.meta({ description: 'First UTC day included, YYYY-MM-DD.', example: '2026-11-01' }),
  to: day.meta({ description: 'Last UTC day included, YYYY-MM-DD (not before `from`).', example: '2026-11-30' }),
  sortBy: sortByParam(['createdAt'] as const),
  sortOrder: sortOrderParam,
};
const dayRangeOk = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const dayRangeError = { message: 'must not be before from', path: ['to'] };

/**
 * The activity page's query (GET /api/v1/console/audit): newest first (or oldest first), filtered by text, who (a user or
 * API key id), what (action code), which record type (and optionally which record), and a UTC
 * day range, both days included.
 */
export const listAuditQuery = z
  .strictObject({ page: pageParam, limit: limitParam, ...auditFilters })
  .refine(dayRangeOk, dayRangeError);
/** The same filters for the CSV export (every matching event, no paging). */
export const exportAuditQuery = z.strictObject(auditFilters).refine(dayRangeOk, dayRangeError);
export type ExportAuditQuery = z.output<typeof exportAuditQuery>;

/** The notifications' poll (GET /api/v1/console/audit/updates). */
export const auditUpdatesQuery = z.strictObject({
  after: z
    .string()
    .regex(/^\d{1,15}~[0-9a-f-]{36}$/, 'must be a cursor returned by this endpoint')
    .optional()
    .meta({ description: 'The `cursor` of the previous answer; without it the answer holds no events, only the current cursor.' }),
});
export type AuditUpdatesQuery = z.output<typeof auditUpdatesQuery>;

export type ListAuditQuery = z.output<typeof listAuditQuery>;

export type AuditActor = { type: 'api_key' | 'user' | 'system'; id: string | null; label: string };

/** One row of the activity page. */
export type AuditListItem = {
  id: string;
  action: string;
  actionLabel: string;
  entityType: string;
  entityTypeLabel: string;
  entityId: string | null;
  /** The record's current name (null when it no longer exists or has none). */
  entityLabel: string | null;
  /** The console page of the record, or null when it is gone or has no page. */
  href: string | null;
  actor: AuditActor;
  requestId: string | null;
  createdAt: Date;
};

/** One event with its details (the activity page's detail view). */
export type AuditEventDetail = AuditListItem & {
  /** What the event recorded (reason, place, amounts, …), as stored. */
  data: Record<string, unknown> | null;
  /** The chain transaction the event is about, when there is one. */
  transactionHash: string | null;
};
