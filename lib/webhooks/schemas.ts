import { z } from 'zod';
import { webhookAttemptOutcomes, webhookDeliveryStatuses, webhookEndpointStatuses, webhookEventTypes } from '@/db/enums';
import { limitParam, pageParam } from '@/lib/shared/query';
import { isoDateTime } from '@/lib/shared/schemas';
import { subscribableEventTypes } from './events';

const eventType = z.enum(subscribableEventTypes as [string, ...string[]]);

const url = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(2_000, 'must be at most 2000 characters')
  .meta({ description: 'https:// on a public address (http://127.0.0.1 only with WEBHOOKS_ALLOW_HTTP_LOOPBACK=1).', example: 'https://hooks.example.com/cl2c' });
const description = z.string().trim().max(200, 'must be at most 200 characters');
const eventTypes = z
  .array(eventType)
  .max(subscribableEventTypes.length)
  .refine((v) => new Set(v).size === v.length, 'must not repeat an event type')
  .meta({ description: 'Event types to receive; empty = all of them.' });

/** Create: URL, optional description and event types. */
export const createWebhookBody = z.strictObject({
  url,
  description: description.default(''),
  eventTypes: eventTypes.default([]),
});
export type CreateWebhookBody = z.output<typeof createWebhookBody>;
export type CreateWebhookInput = z.input<typeof createWebhookBody>;

/** Update: any of URL, description, event types, and status (enable / disable). */
export const updateWebhookBody = z.strictObject({
  url: url.optional(),
  description: description.optional(),
  eventTypes: eventTypes.optional(),
  status: z.enum(webhookEndpointStatuses).optional().meta({ description: 'DISABLED stops deliveries (kept pending); ENABLED resumes them.' }),
});
export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;

/** Replay: one message (`eventId`) or every message since a time (`since`, optional `until`). */
export const replayWebhookBody = z
  .strictObject({
    eventId: z.string().trim().min(1, 'must not be empty').max(100).optional(),
    since: isoDateTime.optional(),
    until: isoDateTime.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.eventId && !v.since) ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'give eventId, or since (with an optional until)' });
    if (v.eventId && (v.since || v.until)) ctx.addIssue({ code: 'custom', path: ['since'], message: 'give either eventId or since/until, not both' });
    if (v.until && !v.since) ctx.addIssue({ code: 'custom', path: ['until'], message: 'needs since' });
    if (v.since && v.until && v.until.getTime() < v.since.getTime()) ctx.addIssue({ code: 'custom', path: ['until'], message: 'must not be before since' });
  });
export type ReplayWebhookBody = z.output<typeof replayWebhookBody>;

export const listDeliveriesQuery = z.strictObject({
  page: pageParam,
  limit: limitParam,
  status: z.enum(webhookDeliveryStatuses).optional().meta({ description: 'Only deliveries in this status.' }),
});
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;

export const webhookEndpointView = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()),
    status: z.enum(webhookEndpointStatuses),
    disabledReason: z.string().nullable(),
    secretPrefix: z.string().meta({ description: 'The first characters of the signing secret, to tell secrets apart.' }),
    previousSecretExpiresAt: z.string().datetime().nullable().meta({ description: 'Until then the secret before the last rotation signs too.' }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const webhookEndpointList = z.object({ data: z.array(webhookEndpointView) }).meta({ id: 'WebhookEndpointList' });

export const webhookSecretResult = z
  .object({
    endpoint: webhookEndpointView,
    secret: z.string().meta({ description: 'The `whsec_` signing secret. Shown once: it cannot be read again.', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
  })
  .meta({ id: 'WebhookSecretResult' });

export const webhookAttemptView = z
  .object({
    number: z.number().int(),
    outcome: z.enum(webhookAttemptOutcomes),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    responseExcerpt: z.string().nullable().meta({ description: 'The first 1 KiB of the answer.' }),
    error: z.string().nullable(),
    startedAt: z.string().datetime(),
    finishedAt: z.string().datetime().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });

export const webhookDeliveryView = z
  .object({
    id: z.string(),
    eventId: z.string().meta({ description: 'The `webhook-id` of the message (the same on every attempt and replay).' }),
    eventType: z.enum(webhookEventTypes),
    resourceType: z.string(),
    resourceId: z.string(),
    sequence: z.number().int(),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    nextAttemptAt: z.string().datetime().nullable().meta({ description: 'When PENDING: the next attempt.' }),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().datetime().nullable(),
    replay: z.boolean(),
    createdAt: z.string().datetime(),
    attemptLog: z.array(webhookAttemptView),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookTestResult = z.object({ eventId: z.string(), deliveryId: z.string() }).meta({ id: 'WebhookTestResult' });
export const webhookReplayResult = z
  .object({ replayed: z.number().int().meta({ description: 'New deliveries queued (one per message).' }), eventIds: z.array(z.string()) })
  .meta({ id: 'WebhookReplayResult' });
export const webhookDeleteResult = z.object({ message: z.string() }).meta({ id: 'WebhookDeleteResult' });
