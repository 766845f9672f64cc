import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { auditEvents } from '@/db/schema';
import { preparedQuery } from '@/lib/db/prepared';
import type { Actor } from '@/lib/http/actor';

export type AuditEvent = { action: string; entityType: string; entityId: string | null; data?: Record<string, unknown> };

/**
 * One event row, prepared once per connection: every write records one, and a bulk import a
 * hundred — building the insert each time cost more than running it. `data` is bound as its JSON
 * text (or NULL), as the column's own mapping would store it.
 */
const insertEvent = preparedQuery((db: Pick<Db, 'insert'>) =>
  db
    .insert(auditEvents)
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
export function recordAudit(db: Pick<Db, 'insert'>, actor: Actor, event: AuditEvent) {
  recordAudits(db, actor, [event]);
}

/** Several events of one request (bulk operations), in order. */
export function recordAudits(db: Pick<Db, 'insert'>, actor: Actor, events: AuditEvent[]) {
  if (!events.length) return;
  const insert = insertEvent(db);
  const at = new Date();
  const actorId = actor.kind === 'api_key' ? actor.keyId : actor.userId;
  for (const event of events) {
    insert.run({
      id: crypto.randomUUID(),
      organizationId: actor.organizationId,
      actorType: actor.kind,
      actorId,
      action: event.action,
      entityType: event.entityType,
      entityId: event.entityId,
      requestId: actor.requestId,
      data: event.data === undefined ? null : JSON.stringify(event.data),
      at,
    });
  }
}
