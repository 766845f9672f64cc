import { auditEvents } from '@/lib/storage/tables';
import type { Actor } from '@/lib/shared/actor';
import { insertRows } from '@/lib/storage/row-batch';
import type { Store } from '@/lib/storage/store';

export type AuditEvent = { action: string; entityType: string; entityId: string | null; data?: Record<string, unknown> };

/** Appends one audit event; call inside the same transaction as the change it records. */
export async function recordAuditIn(store: Store, actor: Actor, event: AuditEvent) {
  await recordAuditsIn(store, actor, [event]);
}

/** Several events of one request (bulk operations), in order, on either engine, as one statement (insertRows). */
export async function recordAuditsIn(store: Store, actor: Actor, events: AuditEvent[]) {
  await insertRows(store, auditEvents, auditRows(actor, events));
}

/** The rows of `events`: one id each, the actor, one timestamp for the request. */
function auditRows(actor: Actor, events: AuditEvent[]) {
  const at = new Date();
  const actorId = actor.kind === 'api_key' ? actor.keyId : actor.userId;
  return events.map((event) => ({
    id: crypto.randomUUID(),
    organizationId: actor.organizationId,
    actorType: actor.kind,
    actorId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    requestId: actor.requestId,
    data: event.data ?? null,
    createdAt: at,
    updatedAt: at,
  }));
}
