import { and, asc, eq, gt, gte, inArray, or } from 'drizzle-orm';
import { auditEvents, nfts, smartContracts, tokenTransfers } from '@/lib/storage/tables';
import { NotFoundError } from '@/lib/errors';
import { csvResponse, EXPORT_CHUNK, exportFilename } from '@/lib/export/csv';
import { auditExportReader, type AuditExportCursor } from '@/lib/storage/audit-list';
import { inPageOrder } from '@/lib/storage/lists';
import type { Store } from '@/lib/storage/store';
import { auditFilter, describeAuditEvents, selectAuditEvents } from './list';
import type { AuditEventDetail, AuditListItem, AuditUpdatesQuery, ExportAuditQuery } from './schemas';

/** One event of the organization with what it recorded; another organization's is 404. */
export async function getAuditEvent(store: Store, organizationId: string, id: string): Promise<AuditEventDetail> {
  const [row] = await selectAuditEvents(store, and(eq(auditEvents.id, id), eq(auditEvents.organizationId, organizationId)), 1);
  if (!row) throw new NotFoundError('Event');
  const [item] = await describeAuditEvents(store, organizationId, [row]);
  const [stored] = await store.select({ data: auditEvents.data }).from(auditEvents).where(eq(auditEvents.id, id));
  const data = stored?.data && typeof stored.data === 'object' && !Array.isArray(stored.data) ? stored.data : null;
  return { ...item!, data, transactionHash: await transactionOf(store, organizationId, item!, data) };
}

/** The chain transaction an event is about: its own record of it, else the record's current one. */
async function transactionOf(store: Store, organizationId: string, e: AuditListItem, data: Record<string, unknown> | null): Promise<string | null> {
  if (typeof data?.transactionHash === 'string') return data.transactionHash;
  if (!e.entityId) return null;
  const first = async (rows: Promise<{ h: string | null }[]>) => (await rows)[0]?.h ?? null;
  if (e.entityType === 'token_transfer')
    return first(store.select({ h: tokenTransfers.transactionHash }).from(tokenTransfers)
      .where(and(eq(tokenTransfers.id, e.entityId), eq(tokenTransfers.organizationId, organizationId))));
  if (e.entityType === 'nft' && e.action.startsWith('nft.mint'))
    return first(store.select({ h: nfts.mintTransactionHash }).from(nfts)
      .where(and(eq(nfts.id, e.entityId), eq(nfts.organizationId, organizationId))));
  if (e.entityType === 'smart_contract' && e.action.startsWith('contract.deploy'))
    return first(store.select({ h: smartContracts.deploymentTransactionHash }).from(smartContracts)
      .where(and(eq(smartContracts.id, e.entityId), eq(smartContracts.organizationId, organizationId))));
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
export async function auditUpdates(store: Store, organizationId: string, q: AuditUpdatesQuery): Promise<{ cursor: string; data: AuditListItem[] }> {
  if (!q.after) return { cursor: `${Date.now()}~${START}`, data: [] };
  const [ms, id] = q.after.split('~') as [string, string];
  const at = new Date(Number(ms));
  // Column comparisons (not raw SQL) so each engine binds the time as it stores it.
  const ids = (
    await store
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, organizationId),
          inArray(auditEvents.action, [...notifiedActions]),
          gte(auditEvents.createdAt, at),
          or(gt(auditEvents.createdAt, at), and(eq(auditEvents.createdAt, at), gt(auditEvents.id, id))),
        ),
      )
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
      .limit(UPDATES_MAX)
  ).map((r) => r.id);
  if (!ids.length) return { cursor: q.after, data: [] };
  const rows = inPageOrder(ids, await selectAuditEvents(store, inArray(auditEvents.id, ids), ids.length, 0, 'asc'));
  const last = rows[rows.length - 1]!;
  return { cursor: `${last.createdAt.getTime()}~${last.id}`, data: await describeAuditEvents(store, organizationId, rows) };
}

export const auditExportHeader = [
  'id', 'createdAt', 'action', 'actionLabel', 'entityType', 'entityId', 'entityLabel', 'actorType', 'actorId', 'actor',
  'requestId', 'data',
] as const;

/**
 * Every event of the activity filter as CSV, newest first (id breaks ties), in chunks of ids read
 * by the engine's list module, each chunk's events loaded by id.
 */
export function exportAuditEvents(store: Store, organizationId: string, q: ExportAuditQuery): Response {
  const read = auditExportReader(store, organizationId, auditFilter(q), EXPORT_CHUNK);
  return csvResponse<AuditExportCursor>(exportFilename('activity'), auditExportHeader, async (cursor) => {
    const { ids, next } = await read(cursor);
    const rows = ids.length ? inPageOrder(ids, await selectAuditEvents(store, inArray(auditEvents.id, ids), ids.length)) : [];
    const described = await describeAuditEvents(store, organizationId, rows);
    const data = new Map(
      rows.length
        ? (await store.select({ id: auditEvents.id, data: auditEvents.data }).from(auditEvents).where(inArray(auditEvents.id, ids))).map((r) => [r.id, r.data])
        : [],
    );
    const lines = described.map((e) => {
      const d = data.get(e.id);
      return [e.id, e.createdAt, e.action, e.actionLabel, e.entityType, e.entityId, e.entityLabel, e.actor.type, e.actor.id, e.actor.label, e.requestId, d == null ? null : JSON.stringify(d)];
    });
    return { lines, next };
  });
}
