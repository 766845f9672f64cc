import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditEvents, nfts, smartContracts, tokenTransfers } from '@/db/schema';
import { NotFoundError } from '@/lib/errors';
import { csvResponse, EXPORT_CHUNK, exportFilename } from '@/lib/export/csv';
import { auditExportReader, type AuditExportCursor } from '@/lib/storage/sqlite/lists/audit';
import { auditFilter, describeAuditEvents, selectAuditEvents } from './list';
import type { AuditEventDetail, AuditListItem, AuditUpdatesQuery, ExportAuditQuery } from './schemas';

/** One event of the organization with what it recorded; another organization's is 404. */
export function getAuditEvent(db: Db, organizationId: string, id: string): AuditEventDetail {
  const [row] = selectAuditEvents(db, and(eq(auditEvents.id, id), eq(auditEvents.organizationId, organizationId)), 1);
  if (!row) throw new NotFoundError('Event');
  const [item] = describeAuditEvents(db, organizationId, [row]);
  const stored = db.select({ data: auditEvents.data }).from(auditEvents).where(eq(auditEvents.id, id)).get()?.data;
  const data = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : null;
  return { ...item!, data, transactionHash: transactionOf(db, organizationId, item!, data) };
}

/** The chain transaction an event is about: its own record of it, else the record's current one. */
function transactionOf(db: Db, organizationId: string, e: AuditListItem, data: Record<string, unknown> | null): string | null {
  if (typeof data?.transactionHash === 'string') return data.transactionHash;
  if (!e.entityId) return null;
  if (e.entityType === 'token_transfer')
    return db.select({ h: tokenTransfers.transactionHash }).from(tokenTransfers)
      .where(and(eq(tokenTransfers.id, e.entityId), eq(tokenTransfers.organizationId, organizationId))).get()?.h ?? null;
  if (e.entityType === 'nft' && e.action.startsWith('nft.mint'))
    return db.select({ h: nfts.mintTransactionHash }).from(nfts)
      .where(and(eq(nfts.id, e.entityId), eq(nfts.organizationId, organizationId))).get()?.h ?? null;
  if (e.entityType === 'smart_contract' && e.action.startsWith('contract.deploy'))
    return db.select({ h: smartContracts.deploymentTransactionHash }).from(smartContracts)
      .where(and(eq(smartContracts.id, e.entityId), eq(smartContracts.organizationId, organizationId))).get()?.h ?? null;
  return null;
}

/**
 * What the console notifies about: a send, deployment or mint confirmed or failed on chain
 * (lib/audit/chain-events.ts) and a copyright holder's decision.
 */
export const notifiedActions = [
  'token.confirm',
  'token.fail',
  'nft.mint.confirm',
  'nft.mint.fail',
  'contract.deploy.confirm',
  'contract.deploy.fail',
  'copyright.authorize',
  'copyright.reject',
] as const;

const UPDATES_MAX = 20;
const START = '00000000-0000-0000-0000-000000000000';

/**
 * The notifications' poll: the notified events after `after` (creation time, then id), oldest
 * first, at most 20, and the cursor to ask with next. Without `after` nothing but a cursor of
 * "now" — a console that just opened is not told about the past. Each poll reads the recent end
 * of the (organization, action, created_at) index only.
 */
export function auditUpdates(db: Db, organizationId: string, q: AuditUpdatesQuery): { cursor: string; data: AuditListItem[] } {
  if (!q.after) return { cursor: `${Date.now()}~${START}`, data: [] };
  const [ms, id] = q.after.split('~') as [string, string];
  const at = Number(ms);
  const ids = db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, organizationId),
        inArray(auditEvents.action, [...notifiedActions]),
        sql`${auditEvents.createdAt} >= ${at}`,
        sql`(${auditEvents.createdAt}, ${auditEvents.id}) > (${at}, ${id})`,
      ),
    )
    .orderBy(sql`${auditEvents.createdAt} asc`, sql`${auditEvents.id} asc`)
    .limit(UPDATES_MAX)
    .all()
    .map((r) => r.id);
  if (!ids.length) return { cursor: q.after, data: [] };
  const rows = selectAuditEvents(db, inArray(auditEvents.id, ids), ids.length, 0, 'asc');
  const last = rows[rows.length - 1]!;
  return { cursor: `${last.createdAt.getTime()}~${last.id}`, data: describeAuditEvents(db, organizationId, rows) };
}

export const auditExportHeader = [
  'id', 'createdAt', 'action', 'actionLabel', 'entityType', 'entityId', 'entityLabel', 'actorType', 'actorId', 'actor',
  'requestId', 'data',
] as const;

/**
 * Every event of the activity filter as CSV, newest first (id breaks ties), in chunks of ids read
 * by the engine's list module, each chunk's events loaded by id.
 */
export function exportAuditEvents(db: Db, organizationId: string, q: ExportAuditQuery): Response {
  const read = auditExportReader(db, organizationId, auditFilter(q), EXPORT_CHUNK);
  return csvResponse<AuditExportCursor>(exportFilename('activity'), auditExportHeader, (cursor) => {
    const { ids, next } = read(cursor);
    const rows = ids.length ? selectAuditEvents(db, inArray(auditEvents.id, ids), ids.length) : [];
    const described = describeAuditEvents(db, organizationId, rows);
    const data = new Map(
      rows.length
        ? db.select({ id: auditEvents.id, data: auditEvents.data }).from(auditEvents).where(inArray(auditEvents.id, ids)).all().map((r) => [r.id, r.data])
        : [],
    );
    const lines = described.map((e) => {
      const d = data.get(e.id);
      return [e.id, e.createdAt, e.action, e.actionLabel, e.entityType, e.entityId, e.entityLabel, e.actor.type, e.actor.id, e.actor.label, e.requestId, d == null ? null : JSON.stringify(d)];
    });
    return { lines, next };
  });
}
