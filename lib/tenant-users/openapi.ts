import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { bErrors } from '@/lib/openapi/family-b-errors';
import { jsonBody, jsonResponse } from '@/lib/openapi/registry';
import { createTenantUserBody, updateCurrentUserBody, userListItem, userProfile } from './schemas';

export function registerTenantUserPaths(registry: OpenAPIRegistry) {
  const tags = ['Users'];
  registry.registerPath({
    method: 'get',
    path: '/v1/cl2c/users',
    operationId: 'listUsers',
    summary: 'B3 — every user of the tenant (no pagination)',
    description:
      "Every user with a membership in the tenant’s organization, as a plain JSON array.",
    tags,
    responses: { 200: jsonResponse('The users', z.array(userListItem)), 401: bErrors[401] },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/cl2c/users/{id}',
    operationId: 'getUser',
    summary: 'B4 — one user of the tenant',
    description:
      "One user of the tenant, with the authentication fields the list omits. Unknown ids and users outside the tenant are 404.",
    tags,
    request: { params: z.object({ id: z.string().meta({ description: 'The user’s id; ids of users outside the tenant are 404.', example: '5b6c7d8e-9f01-4a2b-8c3d-4e5f6a7b8c9d' }) }) },
    responses: { 200: jsonResponse('The user', userProfile), 401: bErrors[401], 404: bErrors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/cl2c/user',
    operationId: 'createUser',
    summary: 'B5 — create a registered user (wallet, ACTIVE membership)',
    description:
      "Creates a registered user with a custodial wallet and an ACTIVE membership; a pending invitation for the same e-mail becomes ACCEPTED. E-mail, user name and phone are unique (409). Success is 200, as the interface shows. Unknown body properties are ignored.",
    tags,
    request: { body: jsonBody(createTenantUserBody) },
    responses: {
      200: jsonResponse('The new user', userProfile),
      400: bErrors[400],
      401: bErrors[401],
      409: bErrors[409],
      415: bErrors[415],
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/v1/cl2c/user',
    operationId: 'updateCurrentUser',
    summary: 'B6 — update the current user (the key’s owner)',
    description: '`id` must be the key owner’s id (403 otherwise). Omitted fields stay; `null` or `""` clears phoneNumber / pushToken.',
    tags,
    request: { body: jsonBody(updateCurrentUserBody) },
    responses: {
      200: jsonResponse('The updated user', userProfile),
      400: bErrors[400],
      401: bErrors[401],
      403: bErrors[403],
      409: bErrors[409],
      415: bErrors[415],
    },
  });
}
