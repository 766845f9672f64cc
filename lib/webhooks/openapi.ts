import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { aErrors, jsonBody, jsonResponse, paginated } from '@/lib/openapi/registry';
import { subscribableEventTypes } from './events';
import {
  createWebhookBody,
  listDeliveriesQuery,
  replayWebhookBody,
  updateWebhookBody,
  webhookDeleteResult,
  webhookDeliveryView,
  webhookEndpointList,
  webhookEndpointView,
  webhookReplayResult,
  webhookSecretResult,
  webhookTestResult,
} from './schemas';

const SIGNING = [
  'Every message is signed as [Standard Webhooks](https://www.standardwebhooks.com/) says: headers `webhook-id` (the message id,',
  'the same on every retry and replay — deduplicate by it), `webhook-timestamp` (Unix seconds) and `webhook-signature`',
  '(`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the `whsec_` secret; two space-separated signatures for 24 h after a',
  'rotation). The body is `{type, timestamp, sequence, data}`: `data` is the resource exactly as this API returns it, `sequence`',
  'counts 1, 2, 3… per resource so a receiver can drop a message older than one it has.',
  '',
  `Event types: ${subscribableEventTypes.map((t) => `\`${t}\``).join(', ')} (and \`webhook.test\` on request).`,
  '',
  'Delivery: at least once; a 2xx answer within 15 s is success; redirects are not followed (a failure); retries after 5 s, 5 min,',
  '30 min, 2 h, 5 h, 10 h and 10 h (±10 % jitter), later when `Retry-After` asks; `410 Gone` disables the endpoint.',
].join('\n');

export function registerWebhookPaths(registry: OpenAPIRegistry) {
  const tags = ['Webhooks'];
  const params = z.object({ id: z.string().meta({ description: 'The webhook endpoint id.', example: 'b3c4d5e6-f7a8-4b9c-8d1e-2f3a4b5c6d7e' }) });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/webhook',
    operationId: 'listWebhooks',
    summary: 'Webhook endpoints of the organization',
    description: SIGNING,
    tags,
    responses: { 200: jsonResponse('Every endpoint, newest first', webhookEndpointList), 401: aErrors[401] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/webhook',
    operationId: 'createWebhook',
    summary: 'Add a webhook endpoint (the secret is shown once)',
    description: [
      'The URL must be https on a public address: loopback, private, link-local and cloud metadata addresses are refused (400),',
      'also when the host name resolves to one — now and again at every delivery. Plain http is accepted only to a loopback',
      'address when the server runs with `WEBHOOKS_ALLOW_HTTP_LOOPBACK=1` (tests). `eventTypes` empty = every type.',
    ].join('\n'),
    tags,
    request: { body: jsonBody(createWebhookBody) },
    responses: {
      201: jsonResponse('Created; `secret` is never shown again', webhookSecretResult),
      400: aErrors[400],
      401: aErrors[401],
      413: aErrors[413],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/webhook/{id}',
    operationId: 'getWebhook',
    summary: 'One webhook endpoint',
    description: 'The endpoint without its secret (`secretPrefix` tells secrets apart). Other organizations’ endpoints are 404.',
    tags,
    request: { params },
    responses: { 200: jsonResponse('The endpoint', webhookEndpointView), 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'patch',
    path: '/cl2c/webhook/{id}',
    operationId: 'updateWebhook',
    summary: 'Change URL, description or event types; enable or disable',
    description: 'A disabled endpoint keeps its pending deliveries; enabling it sends them. An endpoint that answered `410 Gone` was disabled this way, with `disabledReason`.',
    tags,
    request: { params, body: jsonBody(updateWebhookBody) },
    responses: { 200: jsonResponse('Updated', webhookEndpointView), 400: aErrors[400], 401: aErrors[401], 404: aErrors[404], 415: aErrors[415] },
  });
  registry.registerPath({
    method: 'delete',
    path: '/cl2c/webhook/{id}',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint and its delivery log',
    description: 'Nothing more is sent to it; its pending deliveries and delivery log are deleted with it.',
    tags,
    request: { params },
    responses: { 200: jsonResponse('Deleted', webhookDeleteResult), 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/webhook/{id}/rotate',
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret (both sign for 24 h)',
    description: 'Returns the new secret once. For 24 h every message carries two signatures, one per secret; then only the new one signs.',
    tags,
    request: { params },
    responses: { 200: jsonResponse('The new secret', webhookSecretResult), 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/webhook/{id}/test',
    operationId: 'testWebhook',
    summary: 'Send a `webhook.test` message to this endpoint',
    description: 'Queues a `webhook.test` message (data: the endpoint) to this endpoint only, whatever it subscribes to; a disabled endpoint is 409.',
    tags,
    request: { params },
    responses: { 200: jsonResponse('Queued', webhookTestResult), 401: aErrors[401], 404: aErrors[404], 409: aErrors[409] },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/webhook/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'Delivery log: every message sent to this endpoint with its attempts',
    description: 'Newest first. Each attempt: outcome, HTTP status, latency and the first 1 KiB of the answer. INTERRUPTED: the server stopped mid-request; the message was sent again.',
    tags,
    request: { params, query: listDeliveriesQuery },
    responses: { 200: jsonResponse('A page of deliveries', paginated(webhookDeliveryView)), 400: aErrors[400], 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/webhook/{id}/replay',
    operationId: 'replayWebhook',
    summary: 'Send recorded messages again: one, or all since a time',
    description: [
      '`{"eventId": "msg_…"}` sends that message again; `{"since": "…", "until": "…"}` every message recorded in that time',
      'range that the endpoint subscribes to (at most 5,000; `until` optional). Same `webhook-id` and body, fresh signature.',
      'Messages are recorded while the organization has at least one endpoint.',
    ].join('\n'),
    tags,
    request: { params, body: jsonBody(replayWebhookBody) },
    responses: {
      200: jsonResponse('Queued', webhookReplayResult),
      400: aErrors[400],
      401: aErrors[401],
      404: aErrors[404],
      409: aErrors[409],
      415: aErrors[415],
    },
  });
}
