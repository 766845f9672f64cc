import type { Db } from '@/db/client';
import { auditEvents } from '@/db/schema';
import type { Actor } from '@/lib/http/actor';

export type AuditEvent = { action: string; entityType: string; entityId: string | null; data?: Record<string, unknown> };

/** Appends one audit event; call inside the same transaction as the change it records. */
export function recordAudit(db: Pick<Db, 'insert'>, actor: Actor, event: AuditEvent) {
  recordAudits(db, actor, [event]);
}

/** Several events of one request in one statement (bulk operations). */
export function recordAudits(db: Pick<Db, 'insert'>, actor: Actor, events: AuditEvent[]) {
  if (!events.length) return;
  db.insert(auditEvents)
    .values(
      events.map((event) => ({
        organizationId: actor.organizationId,
        actorType: actor.kind,
        actorId: actor.kind === 'api_key' ? actor.keyId : actor.userId,
        requestId: actor.requestId,
        ...event,
      })),
    )
    .run();
}
