import { and, eq, max } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/storage/tables';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import type { Store } from '@/lib/storage/store';
import type { WebhookEventType, WebhookResourceType } from './events';
import { runtimeSlot } from '@/lib/runtime';

type Writer = Pick<Db, 'select' | 'insert'>;

export type RecordEventInput = {
  organizationId: string;
  type: WebhookEventType;
  resourceType: WebhookResourceType;
  resourceId: string;
  /**
   * The resource as the API returns it. Left out, the installed loader of `resourceType` reads it
   * in this transaction (lib/wiring/webhooks.ts); given, it is used as is (e.g. a member just
   * before removal). Either way it is computed only when the organization has an endpoint.
   * recordEventIn awaits it, so a service on the Store may read the resource in the transaction.
   */
  data?: () => unknown;
  /** Deliver to this endpoint only (the test event), whatever it subscribes to. */
  endpointId?: string;
  now?: Date;
};

/** The body every delivery of a message carries (Standard Webhooks: type, timestamp, data). */
export type WebhookMessage = { type: WebhookEventType; timestamp: string; sequence: number; data: unknown };

/**
 * THE way a state change becomes a webhook message. Call it inside the transaction that writes
 * the change: the message (webhook_events, the outbox) and one delivery per subscribed, enabled
 * endpoint commit with the change or not at all; the worker (lib/jobs/webhook-worker.ts) sends
 * them after commit. An organization with no endpoint pays one indexed look-up and nothing more:
 * no message is kept for it (replay recovers what was recorded while an endpoint existed).
 * Returns the message id (the `webhook-id`), or null when nothing was recorded.
 */
export async function recordEventIn(store: Store, input: RecordEventInput): Promise<string | null> {
  const endpoints = await store
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes, status: webhookEndpoints.status })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, input.organizationId));
  if (endpoints.length === 0) return null;
  const [last] = await store
    .select({ n: max(webhookEvents.sequence) })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.resourceType, input.resourceType), eq(webhookEvents.resourceId, input.resourceId)));
  // A service on the Store reads the resource through its store loader, in this transaction.
  const storeLoader = storeLoaderSlot.get()?.[input.resourceType];
  const data = await (input.data ? input.data() : storeLoader ? storeLoader(store, input.organizationId, input.resourceId) : loadResource(resourceReader(store), input));
  const { event, deliveries } = messageRows(input, endpoints, (last?.n ?? 0) + 1, data);
  await store.insert(webhookEvents).values(event);
  if (deliveries.length) await store.insert(webhookDeliveries).values(deliveries);
  kickWebhookWorker();
  return event.id;
}

/**
 * The resource loaders are the services' synchronous getters (SQLite): inside a SQLite Store
 * transaction they read through its connection. A resource whose service is on the Store passes
 * `data` instead (docs/architecture.md, "Services on the Store").
 */
function resourceReader(store: Store): Writer {
  if (store.engine !== 'sqlite') {
    throw new Error('recordEventIn: on PostgreSQL pass the resource as `data` (its loader is a SQLite service)');
  }
  return sqliteDbOf(store);
}

type EndpointChoice = { id: string; eventTypes: string[]; status: 'ENABLED' | 'DISABLED' };

/** The outbox row of a message and one delivery per endpoint that gets it. */
function messageRows(input: RecordEventInput, endpoints: EndpointChoice[], sequence: number, data: unknown) {
  const now = input.now ?? new Date();
  const message: WebhookMessage = { type: input.type, timestamp: now.toISOString(), sequence, data };
  const id = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  const event = {
    id,
    organizationId: input.organizationId,
    type: input.type,
    resourceType: input.resourceType,
    resourceId: input.resourceId,
    sequence,
    // JSON of the resource exactly as the API would send it (Dates become ISO strings).
    payload: JSON.stringify(message),
    createdAt: now,
    updatedAt: now,
  };
  const deliveries = endpoints
    .filter((e) =>
      input.endpointId ? e.id === input.endpointId : e.status === 'ENABLED' && (e.eventTypes.length === 0 || e.eventTypes.includes(input.type)),
    )
    .map((e) => ({ organizationId: input.organizationId, endpointId: e.id, eventId: id, nextAttemptAt: now, createdAt: now, updatedAt: now }));
  return { event, deliveries };
}

/**
 * The synchronous twin of recordEventIn, for services not yet on the Store (SQLite only;
 * docs/architecture.md, "Services on the Store").
 */
export function recordEvent(tx: Writer, input: RecordEventInput): string | null {
  const endpoints = tx
    .select({ id: sqliteSchema.webhookEndpoints.id, eventTypes: sqliteSchema.webhookEndpoints.eventTypes, status: sqliteSchema.webhookEndpoints.status })
    .from(sqliteSchema.webhookEndpoints)
    .where(eq(sqliteSchema.webhookEndpoints.organizationId, input.organizationId))
    .all();
  if (endpoints.length === 0) return null;
  const last = tx
    .select({ n: max(sqliteSchema.webhookEvents.sequence) })
    .from(sqliteSchema.webhookEvents)
    .where(and(eq(sqliteSchema.webhookEvents.resourceType, input.resourceType), eq(sqliteSchema.webhookEvents.resourceId, input.resourceId)))
    .get();
  const data = (input.data ?? (() => loadResource(tx, input)))();
  const { event, deliveries } = messageRows(input, endpoints, (last?.n ?? 0) + 1, data);
  tx.insert(sqliteSchema.webhookEvents).values(event).run();
  if (deliveries.length) tx.insert(sqliteSchema.webhookDeliveries).values(deliveries).run();
  kickWebhookWorker();
  return event.id;
}

/** Reads a resource as the API returns it, inside the caller's transaction. */
export type ResourceLoader = (tx: Writer, organizationId: string, id: string) => unknown;
const loaderSlot = runtimeSlot<Partial<Record<WebhookResourceType, ResourceLoader>>>('webhookLoaders');

/**
 * Installed once per process (lib/wiring/webhooks.ts, from start-up): the domain services'
 * own getters, so the services that record events need not import each other's views.
 */
export function setResourceLoaders(loaders: Partial<Record<WebhookResourceType, ResourceLoader>>) {
  loaderSlot.set(loaders);
}

/** A resource's getter on the Store (async, either engine): what services on the Store install. */
export type StoreResourceLoader = (store: Store, organizationId: string, id: string) => Promise<unknown>;
const storeLoaderSlot = runtimeSlot<Partial<Record<WebhookResourceType, StoreResourceLoader>>>('webhookStoreLoaders');

/**
 * Installed with setResourceLoaders: the getters of the services already on the Store, used by
 * recordEventIn on both engines (a synchronous recordEvent still uses the synchronous loaders).
 */
export function setStoreResourceLoaders(loaders: Partial<Record<WebhookResourceType, StoreResourceLoader>>) {
  storeLoaderSlot.set(loaders);
}

function loadResource(tx: Writer, input: RecordEventInput): unknown {
  const loader = loaderSlot.get()?.[input.resourceType];
  // Loud: a message without its resource would tell the receiver nothing.
  if (!loader) throw new Error(`No webhook resource loader for ${input.resourceType}: installWebhooks() was not called at start-up.`);
  return loader(tx, input.organizationId, input.resourceId);
}

/** Whether recording events for this organization does anything (bulk paths check once). */
export function webhooksListening(tx: Pick<Db, 'select'>, organizationId: string): boolean {
  const endpoints = sqliteSchema.webhookEndpoints;
  return !!tx.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.organizationId, organizationId)).limit(1).get();
}

const kick = runtimeSlot<() => void>('webhookKick');

/** Lets the running worker start a pass soon after a commit instead of at its next poll. */
export function setWebhookKick(fn: (() => void) | undefined) {
  kick.set(fn);
}

/** Called after anything queues a delivery; the worker's pass starts after the commit. */
export function kickWebhookWorker() {
  kick.get()?.();
}
