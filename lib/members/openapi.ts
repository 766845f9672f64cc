import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { bulkInviteBody, bulkInviteResponse, checkInviteesBody, checkInviteesResponse } from '@/lib/invitations/schemas';
import { listOutboxQuery, outboxItemView } from '@/lib/mail/schemas';
import { aErrors, jsonBody, jsonResponse, paginated } from '@/lib/openapi/registry';
import {
  listMembersQuery,
  memberDetail,
  memberListItem,
  removeMemberResponse,
  updateMemberBody,
  updateMemberResponse,
} from './schemas';

export function registerMemberPaths(registry: OpenAPIRegistry) {
  const tags = ['Members and invitations'];
  const params = z.object({
    id: z.string().meta({ description: 'A membership id or an invitation id.', example: 'a3b4c5d6-e7f8-4a9b-8c1d-2e3f4a5b6c7d' }),
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/user',
    operationId: 'listMembers',
    summary: 'A9 — list members and pending invitations',
    description:
      'Memberships (status ACTIVE / SUSPENDED) and pending invitations (status PENDING, `user.isRegistered` false, `user.id` null) in one list. `search` matches the e-mail and the user’s name.',
    tags,
    request: { query: listMembersQuery },
    responses: { 200: jsonResponse('A page of members and invitations', paginated(memberListItem)), 400: aErrors[400], 401: aErrors[401] },
  });
  registry.registerPath({
    method: 'get',
    path: '/cl2c/user/{id}',
    operationId: 'getMember',
    summary: 'A10 — a member (with NFTs and shares) or a pending invitation',
    description:
      'The id may be a membership id, a pending invitation id (`kind: invitation`, no NFTs), or the id of an invitation that was accepted — then the answer is the member it became (`kind: member`, `id` the membership id). Revoked or expired invitations and other organizations’ records are 404.',
    tags,
    request: { params },
    responses: { 200: jsonResponse('The member', memberDetail), 401: aErrors[401], 404: aErrors[404] },
  });
  registry.registerPath({
    method: 'put',
    path: '/cl2c/user/{id}',
    operationId: 'updateMember',
    summary: 'A11 — change the e-mail; resend a pending invitation',
    description:
      'On a pending invitation, a changed e-mail invalidates the previous link; `resend: true` mails a new link (new token, new 7-day expiry). `resend` on a membership is 409. E-mails are unique (409).',
    tags,
    request: { params, body: jsonBody(updateMemberBody) },
    responses: {
      200: jsonResponse('Updated', updateMemberResponse),
      400: aErrors[400],
      401: aErrors[401],
      404: aErrors[404],
      409: aErrors[409],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/cl2c/user/{id}',
    operationId: 'removeMember',
    summary: 'A12 — remove a membership or revoke an invitation',
    description: 'Copyright shares of a removed member stay, as history. The OWNER cannot be removed (409).',
    tags,
    request: { params },
    responses: { 200: jsonResponse('Removed', removeMemberResponse), 401: aErrors[401], 404: aErrors[404], 409: aErrors[409] },
  });
  registry.registerPath({
    method: 'post',
    path: '/cl2c/user/bulk',
    operationId: 'bulkInvite',
    summary: 'A13 — invite 1 to 100 people',
    description:
      'Each entry is `invited` (invitation created, e-mail queued), `skipped` (already a member, already invited, duplicate within the request) or `failed` (invalid e-mail or phone), with a reason. All invitations are written in one transaction; fewer than 1 or more than 100 entries is 400 and nothing is written.',
    tags,
    request: { body: jsonBody(bulkInviteBody) },
    responses: {
      200: jsonResponse('Per-entry results and a summary', bulkInviteResponse),
      400: aErrors[400],
      401: aErrors[401],
      413: aErrors[413],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/console/invitations/check',
    operationId: 'checkInvitees',
    summary: 'Check e-mails before inviting them (the console’s CSV preview)',
    description:
      'Console support: for each e-mail, in order, what A13 would do with it now — `new` (invited), `member` (skipped: already a member), ' +
      '`invited` (skipped: a pending invitation that has not expired) or `invalid` (failed). Reads only; nothing is written. 1 to 1,000 e-mails per call.',
    tags: ['Console'],
    request: { body: jsonBody(checkInviteesBody) },
    responses: {
      200: jsonResponse('One result per e-mail', checkInviteesResponse),
      400: aErrors[400],
      401: aErrors[401],
      413: aErrors[413],
      415: aErrors[415],
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/outbox',
    operationId: 'listOutbox',
    summary: 'Outbox — every e-mail the organization’s actions produced, with delivery status',
    description:
      "Console support: the outbox of e-mails (invitations, copyright requests, resends) with delivery status and the links they carry. " +
      'Those links are credentials, so only a signed-in administrator’s session may read them: an API key gets 403.',
    tags: ['Console'],
    request: { query: listOutboxQuery },
    responses: { 200: jsonResponse('A page of mails', paginated(outboxItemView)), 400: aErrors[400], 401: aErrors[401], 403: aErrors[403] },
  });
}
