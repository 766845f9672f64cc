import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { SESSION_ONLY, aErrors, csvDownload, jsonResponse, paginated } from '@/lib/openapi/registry';
import { auditUpdatesQuery, exportAuditQuery, listAuditQuery } from './schemas';

/** Response shapes of the console's activity page (documentation; lib/audit/schemas.ts has the types). */
export const auditActorView = z
  .object({
    type: z.enum(['api_key', 'user', 'system']),
    id: z.string().nullable().describe('The user or API key id (null for the system).'),
    label: z.string().describe('The user’s e-mail, `API key <name> (<prefix>…)`, `deleted user`/`deleted API key`, or `system`.'),
  })
  .meta({ id: 'AuditActor' });

export const auditListItemView = z
  .object({
    id: z.string(),
    action: z.string().describe('Action code, e.g. `nft.create`.'),
    actionLabel: z.string(),
    entityType: z.string(),
    entityTypeLabel: z.string(),
    entityId: z.string().nullable(),
    entityLabel: z.string().nullable().describe('The record’s current name (null when it no longer exists or has none).'),
    href: z.string().nullable().describe('The console page of the record, or null when it is gone or has no page.'),
    actor: auditActorView,
    requestId: z.string().nullable(),
    createdAt: z.string().datetime(),
  })
  .meta({ id: 'AuditEvent' });

export const auditEventDetailView = auditListItemView
  .extend({
    data: z.record(z.string(), z.unknown()).nullable().describe('What the event recorded, as stored (null when nothing).'),
    transactionHash: z.string().nullable().describe('The chain transaction the event is about, when there is one.'),
  })
  .meta({ id: 'AuditEventDetail' });

/** The console's activity page and contract lookup (Family A paths, session-only). */
export function registerConsoleAuditPaths(registry: OpenAPIRegistry) {
  const tags = ['Console'];
  registry.registerPath({
    method: 'get',
    path: '/console/audit',
    operationId: 'listAuditEvents',
    summary: 'Activity — the organization’s audit log, newest first',
    description: `${SESSION_ONLY} Filtered by text (\`search\`, answered through the search indexes), actor, action, record type/record and a UTC day range (both days included); ties broken by id.`,
    tags,
    request: { query: listAuditQuery },
    responses: { 200: jsonResponse('A page of audit events', paginated(auditListItemView)), 400: aErrors[400], 401: aErrors[401], 403: aErrors[403] },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/audit/actors',
    operationId: 'listAuditActors',
    summary: 'Activity — everyone who appears in the audit log (the actor filter)',
    description: `${SESSION_ONLY} Users and API keys of this organization that have audit events, sorted by label.`,
    tags,
    responses: { 200: jsonResponse('The actors', z.object({ data: z.array(auditActorView) })), 401: aErrors[401], 403: aErrors[403] },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/audit/{id}',
    operationId: 'getAuditEvent',
    summary: 'Activity — one event with what it recorded',
    description: `${SESSION_ONLY} The event as listed plus \`data\` (reason, place, amounts, … as recorded) and the chain transaction it is about. Another organization’s event is 404.`,
    tags,
    request: { params: z.object({ id: z.string().meta({ description: 'The event’s id.', example: 'e9f0a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b' }) }) },
    responses: { 200: jsonResponse('The event', auditEventDetailView), 401: aErrors[401], 403: aErrors[403], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/audit/updates',
    operationId: 'listAuditUpdates',
    summary: 'Notifications — events since the last poll',
    description: `${SESSION_ONLY} Sends, deployments and mints confirmed or failed on chain, and copyright holders’ decisions, after \`after\` (oldest first, at most 20). Poll again with the returned \`cursor\`; the first call (without \`after\`) returns only a cursor.`,
    tags,
    request: { query: auditUpdatesQuery },
    responses: {
      200: jsonResponse('New events and the next cursor', z.object({ cursor: z.string(), data: z.array(auditListItemView) })),
      400: aErrors[400],
      401: aErrors[401],
      403: aErrors[403],
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/audit/export',
    operationId: 'exportAuditEvents',
    summary: 'Activity — CSV of every event of the filter',
    description: `${SESSION_ONLY} The filters of the activity list, newest first, streamed (any size). \`data\` is the event’s JSON.`,
    tags,
    request: { query: exportAuditQuery },
    responses: { 200: csvDownload('The events as CSV'), 400: aErrors[400], 401: aErrors[401], 403: aErrors[403] },
  });
}
