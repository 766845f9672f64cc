import { and, count, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { WebhookEndpoint } from '@/db/schema';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import type { Store } from '@/lib/storage/store';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { envelope } from '@/lib/shared/query';
import type { Lookup } from '@/lib/images/fetch';
import { kickWebhookWorker, recordEventIn } from './emit';
import type { CreateWebhookBody, ListDeliveriesQuery, ReplayWebhookBody, UpdateWebhookBody, WebhookEndpointView } from './schemas';
import { newWebhookSecret, openSecret, ROTATION_OVERLAP_MS, sealSecret } from './secrets';
import { checkWebhookUrlShape, resolveWebhookAddress, WebhookUrlRefused } from './url-policy';

/** At most this many messages are queued again by one time-range replay. */
export const REPLAY_LIMIT = 5_000;

export function endpointView(row: WebhookEndpoint): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    status: row.status,
    disabledReason: row.disabledReason,
    secretPrefix: openSecret(row.secret).slice(0, 12),
    previousSecretExpiresAt: row.previousSecret && row.previousSecretExpiresAt ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadEndpoint(store: Store, organizationId: string, id: string): Promise<WebhookEndpoint> {
  const [row] = await store
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)));
  if (!row) throw new NotFoundError('Webhook endpoint');
  return row;
}

/**
 * The URL policy at the door: the shape (https; http to loopback only under the test setting)
 * and every address the host resolves to now. Deliveries check again (DNS can change).
 */
async function assertAllowedUrl(raw: string, lookup?: Lookup): Promise<string> {
  try {
    const url = checkWebhookUrlShape(raw);
    await resolveWebhookAddress(url, lookup);
    return url.toString();
  } catch (error) {
    if (error instanceof WebhookUrlRefused) throw new ValidationError('The webhook URL is not allowed.', [`url: ${error.message}`]);
    throw error;
  }
}

export async function listWebhooks(store: Store, organizationId: string) {
  const rows = await store
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { data: rows.map(endpointView) };
}

export async function getWebhook(store: Store, organizationId: string, id: string): Promise<WebhookEndpointView> {
  return endpointView(await loadEndpoint(store, organizationId, id));
}

/** A new endpoint and its secret — the only time the secret is shown. */
export async function createWebhook(store: Store, actor: Actor, body: CreateWebhookBody, lookup?: Lookup) {
  const url = await assertAllowedUrl(body.url, lookup);
  const secret = newWebhookSecret();
  const row = await store.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ organizationId: actor.organizationId, url, description: body.description, eventTypes: body.eventTypes, secret: sealSecret(secret) })
      .returning();
    await recordAuditIn(tx, actor, { action: 'webhook.create', entityType: 'webhook_endpoint', entityId: created!.id, data: { url, eventTypes: body.eventTypes } });
    return created!;
  });
  return { endpoint: endpointView(row), secret };
}

/** URL, description, event types, enable / disable. Enabling clears the reason it was disabled. */
export async function updateWebhook(store: Store, actor: Actor, id: string, body: UpdateWebhookBody, lookup?: Lookup) {
  await loadEndpoint(store, actor.organizationId, id);
  const url = body.url === undefined ? undefined : await assertAllowedUrl(body.url, lookup);
  const row = await store.transaction(async (tx) => {
    const current = await loadEndpoint(tx, actor.organizationId, id);
    const changes: Partial<WebhookEndpoint> = {};
    if (url !== undefined) changes.url = url;
    if (body.description !== undefined) changes.description = body.description;
    if (body.eventTypes !== undefined) changes.eventTypes = body.eventTypes;
    if (body.status !== undefined && body.status !== current.status) {
      changes.status = body.status;
      changes.disabledReason = body.status === 'DISABLED' ? 'disabled by an administrator' : null;
    }
    if (Object.keys(changes).length) await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id));
    await recordAuditIn(tx, actor, { action: 'webhook.update', entityType: 'webhook_endpoint', entityId: id, data: { ...changes } });
    return loadEndpoint(tx, actor.organizationId, id);
  });
  return endpointView(row);
}

export function deleteWebhook(store: Store, actor: Actor, id: string) {
  return store.transaction(async (tx) => {
    const row = await loadEndpoint(tx, actor.organizationId, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAuditIn(tx, actor, { action: 'webhook.delete', entityType: 'webhook_endpoint', entityId: id, data: { url: row.url } });
    return { message: `Webhook endpoint ${row.url} deleted.` };
  });
}

/**
 * A new secret; the old one keeps signing (a second `v1,` signature on every message) for 24 h,
 * so a receiver can switch to the new secret without missing or rejecting a message.
 */
export async function rotateWebhookSecret(store: Store, actor: Actor, id: string, now = new Date()) {
  const secret = newWebhookSecret();
  const row = await store.transaction(async (tx) => {
    const current = await loadEndpoint(tx, actor.organizationId, id);
    const previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
    await tx
      .update(webhookEndpoints)
      .set({ secret: sealSecret(secret), previousSecret: current.secret, previousSecretExpiresAt })
      .where(eq(webhookEndpoints.id, id));
    await recordAuditIn(tx, actor, { action: 'webhook.rotate', entityType: 'webhook_endpoint', entityId: id, data: { previousSecretExpiresAt } });
    return loadEndpoint(tx, actor.organizationId, id);
  });
  return { endpoint: endpointView(row), secret };
}

/** A `webhook.test` message to this endpoint only (whatever it subscribes to). */
export function sendTestEvent(store: Store, actor: Actor, id: string) {
  return store.transaction(async (tx) => {
    const row = await loadEndpoint(tx, actor.organizationId, id);
    if (row.status !== 'ENABLED') throw new ConflictError('The endpoint is disabled; enable it first.', [`status: ${row.status}`]);
    const eventId = (await recordEventIn(tx, {
      organizationId: actor.organizationId,
      type: 'webhook.test',
      resourceType: 'webhook',
      resourceId: id,
      data: () => endpointView(row),
      endpointId: id,
    }))!;
    const [delivery] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    await recordAuditIn(tx, actor, { action: 'webhook.test', entityType: 'webhook_endpoint', entityId: id, data: { eventId } });
    return { eventId, deliveryId: delivery!.id };
  });
}

/** The delivery log of one endpoint, newest first, each delivery with its attempts. */
export async function listDeliveries(store: Store, organizationId: string, endpointId: string, q: ListDeliveriesQuery) {
  await loadEndpoint(store, organizationId, endpointId);
  const conditions: SQL[] = [eq(webhookDeliveries.endpointId, endpointId)];
  if (q.status) conditions.push(eq(webhookDeliveries.status, q.status));
  const where = and(...conditions);
  const [counted] = await store.select({ n: count() }).from(webhookDeliveries).where(where);
  const total = counted?.n ?? 0;
  const rows = await store
    .select({ d: webhookDeliveries, e: { type: webhookEvents.type, resourceType: webhookEvents.resourceType, resourceId: webhookEvents.resourceId, sequence: webhookEvents.sequence } })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const attempts = rows.length
    ? await store
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.d.id)))
        .orderBy(webhookAttempts.number)
    : [];
  const data = rows.map(({ d, e }) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: e.type,
    resourceType: e.resourceType,
    resourceId: e.resourceId,
    sequence: e.sequence,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'PENDING' ? d.nextAttemptAt.toISOString() : null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    replay: d.replay,
    createdAt: d.createdAt.toISOString(),
    attemptLog: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        number: a.number,
        outcome: a.outcome,
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        responseExcerpt: a.responseExcerpt,
        error: a.error,
        startedAt: a.startedAt.toISOString(),
        finishedAt: a.finishedAt?.toISOString() ?? null,
      })),
  }));
  return envelope(data, { page: q.page, limit: q.limit, total }, { status: q.status ?? null });
}

/**
 * Sends recorded messages again as new deliveries (same `webhook-id`, same body, fresh
 * signature): one message by id, or every message since a time that the endpoint subscribes to.
 */
export function replayWebhook(store: Store, actor: Actor, endpointId: string, body: ReplayWebhookBody, now = new Date()) {
  return store.transaction(async (tx) => {
    const endpoint = await loadEndpoint(tx, actor.organizationId, endpointId);
    if (endpoint.status !== 'ENABLED') throw new ConflictError('The endpoint is disabled; enable it first.', [`status: ${endpoint.status}`]);
    let eventIds: string[];
    if (body.eventId) {
      const [event] = await tx
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.id, body.eventId), eq(webhookEvents.organizationId, actor.organizationId)));
      if (!event) throw new NotFoundError('Webhook event');
      eventIds = [event.id];
    } else {
      const conditions: SQL[] = [eq(webhookEvents.organizationId, actor.organizationId), gte(webhookEvents.createdAt, body.since!), ne(webhookEvents.type, 'webhook.test')];
      if (body.until) conditions.push(lte(webhookEvents.createdAt, body.until));
      const events = await tx
        .select({ id: webhookEvents.id, type: webhookEvents.type })
        .from(webhookEvents)
        .where(and(...conditions))
        .orderBy(webhookEvents.createdAt)
        .limit(REPLAY_LIMIT + 1);
      if (events.length > REPLAY_LIMIT) {
        throw new ValidationError(`More than ${REPLAY_LIMIT} messages in this range; replay a shorter one.`, [`until: narrow the range to at most ${REPLAY_LIMIT} messages`]);
      }
      eventIds = events.filter((e) => endpoint.eventTypes.length === 0 || endpoint.eventTypes.includes(e.type)).map((e) => e.id);
    }
    // In chunks: SQLite binds at most 32,766 values per statement.
    for (let i = 0; i < eventIds.length; i += 500) {
      await tx
        .insert(webhookDeliveries)
        .values(eventIds.slice(i, i + 500).map((eventId) => ({ organizationId: actor.organizationId, endpointId, eventId, nextAttemptAt: now, replay: true, createdAt: now, updatedAt: now })));
    }
    if (eventIds.length) kickWebhookWorker();
    await recordAuditIn(tx, actor, {
      action: 'webhook.replay',
      entityType: 'webhook_endpoint',
      entityId: endpointId,
      data: { eventId: body.eventId ?? null, since: body.since ?? null, until: body.until ?? null, count: eventIds.length },
    });
    return { replayed: eventIds.length, eventIds };
  });
}
