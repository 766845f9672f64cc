import type { Db } from '@/db/client';
import { auditEvents } from '@/db/schema';
import type { Actor } from '@/lib/http/actor';

/** Appends one audit event; call inside the same transaction as the change it records. */
export function recordAudit(
  db: Pick<Db, 'insert'>,
  actor: Actor,
  event: { action: string; entityType: string; entityId: string | null; data?: Record<string, unknown> },
) {
  db.insert(auditEvents)
    .values({
      organizationId: actor.organizationId,
      actorType: actor.kind,
      actorId: actor.kind === 'api_key' ? actor.keyId : actor.userId,
      requestId: actor.requestId,
      ...event,
    })
    .run();
}
