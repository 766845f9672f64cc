import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { exportContractsQuery } from '@/lib/contracts/schemas';
import { exportMembersQuery } from '@/lib/members/schemas';
import { exportNftsQuery } from '@/lib/nfts/schemas';
import { SESSION_ONLY, aErrors, csvDownload } from '@/lib/openapi/registry';

const streamed =
  'Every row of the filter — the list’s own filters and search — newest first (id breaks ties), streamed in keyset chunks (never OFFSET), so any size works. `sortBy`/`sortOrder` are accepted and ignored.';

/** The console lists’ CSV exports. */
export function registerExportPaths(registry: OpenAPIRegistry) {
  const tags = ['Console'];
  const errors = { 400: aErrors[400], 401: aErrors[401], 403: aErrors[403] };
  registry.registerPath({
    method: 'get',
    path: '/console/export/contracts',
    operationId: 'exportContracts',
    summary: 'Contracts — CSV of every contract of the filter',
    description: `${SESSION_ONLY} ${streamed}`,
    tags,
    request: { query: exportContractsQuery },
    responses: { 200: csvDownload('The contracts as CSV'), ...errors },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/export/nfts',
    operationId: 'exportNfts',
    summary: 'NFTs — CSV of every NFT of the filter',
    description: `${SESSION_ONLY} ${streamed}`,
    tags,
    request: { query: exportNftsQuery },
    responses: { 200: csvDownload('The NFTs as CSV'), ...errors },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/export/members',
    operationId: 'exportMembers',
    summary: 'Members — CSV of every member and pending invitation of the filter',
    description: `${SESSION_ONLY} ${streamed}`,
    tags,
    request: { query: exportMembersQuery },
    responses: { 200: csvDownload('The members and invitations as CSV'), ...errors },
  });
}
