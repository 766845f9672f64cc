import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import * as sqliteSchema from '@/db/schema';
import { auditEvents } from '@/db/tables';
import { preparedQuery } from '@/lib/storage/prepared';
import type { Actor } from '@/lib/http/actor';
import type { Store } from '@/lib/storage/store';

export type AuditEvent = { action: string; entityType: string; entityId: string | null; data?: Record<string, unknown> };

/**
 * One event row, prepared once per connection: every write records one, and a bulk import a
 * hundred — building the insert each time cost more than running it. `data` is bound as its JSON
 * text (or NULL), as the column's own mapping would store it.
 */
const insertEvent = preparedQuery((db: Pick<Db, 'insert'>) =>
  db
    .insert(sqliteSchema.auditEvents)
    .values({
      id: sql.placeholder('id'),
      organizationId: sql.placeholder('organizationId'),
      actorType: sql.placeholder('actorType'),
      actorId: sql.placeholder('actorId'),
      action: sql.placeholder('action'),
      entityType: sql.placeholder('entityType'),
      entityId: sql.placeholder('entityId'),
      requestId: sql.placeholder('requestId'),
      data: sql`${sql.placeholder('data')}`,
      createdAt: sql.placeholder('at'),
      updatedAt: sql.placeholder('at'),
    })
    .prepare(),
);

/** Appends one audit event; call inside the same transaction as the change it records. */
export async function recordAuditIn(store: Store, actor: Actor, event: AuditEvent) {
  await recordAuditsIn(store, actor, [event]);
}

/** Several events of one request (bulk operations), in order, on either engine. */
export async function recordAuditsIn(store: Store, actor: Actor, events: AuditEvent[]) {
  if (!events.length) return;
  await store.insert(auditEvents).values(auditRows(actor, events));
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

/**
 * The synchronous twin of recordAuditIn, for services not yet on the Store (SQLite only;
 * docs/architecture.md, "Services on the Store"): the prepared insert.
 */
export function recordAudit(db: Pick<Db, 'insert'>, actor: Actor, event: AuditEvent) {
  recordAudits(db, actor, [event]);
}

/** Several events of one request (bulk operations), in order. */
export function recordAudits(db: Pick<Db, 'insert'>, actor: Actor, events: AuditEvent[]) {
  if (!events.length) return;
  const insert = insertEvent(db);
  for (const row of auditRows(actor, events)) {
    insert.run({ ...row, data: row.data === null ? null : JSON.stringify(row.data), at: row.createdAt });
  }
}
