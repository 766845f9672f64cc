import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { listContractsQuery } from '@/lib/contracts/schemas';
import { listMembersQuery } from '@/lib/members/schemas';
import { listNftsQuery } from '@/lib/nfts/schemas';
import { aErrors } from '@/lib/openapi/registry';

/** A streamed CSV answer (offered as a download). */
export function csvDownload(description: string) {
  return {
    description: `${description}: UTF-8 with a byte-order mark, CRLF lines, a header line first; RFC 4180 quoting; a text starting with = + - @ is prefixed with ' (no spreadsheet formulas).`,
    headers: { 'Content-Disposition': { description: 'attachment; filename="<list>-<UTC day>.csv"', schema: { type: 'string' as const } } },
    content: { 'text/csv': { schema: z.string() } },
  };
}

export const exportContractsQuery = listContractsQuery.omit({ page: true, limit: true });
export const exportNftsQuery = listNftsQuery.omit({ page: true, limit: true });
export const exportMembersQuery = listMembersQuery.omit({ page: true, limit: true });

const sessionOnly = 'Console support (admin session only): an API key gets 403.';
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
    description: `${sessionOnly} ${streamed}`,
    tags,
    request: { query: exportContractsQuery },
    responses: { 200: csvDownload('The contracts as CSV'), ...errors },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/export/nfts',
    operationId: 'exportNfts',
    summary: 'NFTs — CSV of every NFT of the filter',
    description: `${sessionOnly} ${streamed}`,
    tags,
    request: { query: exportNftsQuery },
    responses: { 200: csvDownload('The NFTs as CSV'), ...errors },
  });
  registry.registerPath({
    method: 'get',
    path: '/console/export/members',
    operationId: 'exportMembers',
    summary: 'Members — CSV of every member and pending invitation of the filter',
    description: `${sessionOnly} ${streamed}`,
    tags,
    request: { query: exportMembersQuery },
    responses: { 200: csvDownload('The members and invitations as CSV'), ...errors },
  });
}
