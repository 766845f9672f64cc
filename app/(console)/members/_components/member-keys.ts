import type { BulkInviteBody, BulkInviteResponse, CheckInviteesBody, CheckInviteesResponse } from '@/lib/invitations/schemas';
import type { ListMembersQuery, MemberDetail, MemberListItem } from '@/lib/members/schemas';
import { apiFetch, type QueryValue } from '@/lib/http/client';

/** react-query keys of the Members area; every mutation invalidates `memberKeys.all`. */
export const memberKeys = {
  all: ['members'] as const,
  list: (query: Record<string, QueryValue>) => [...memberKeys.all, 'list', query] as const,
  detail: (id: string) => [...memberKeys.all, 'detail', id] as const,
};

export type MemberListResponse = {
  data: MemberListItem[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
  filters: Partial<ListMembersQuery>;
};

export const membersApi = {
  list: (query: Record<string, QueryValue>) => apiFetch<MemberListResponse>('/api/v1/cl2c/user', { query }),
  get: (id: string) => apiFetch<MemberDetail>(`/api/v1/cl2c/user/${encodeURIComponent(id)}`),
  update: (id: string, body: { email?: string; resend?: boolean }) =>
    apiFetch<{ id: string; email: string; walletAddress: string | null; resent: boolean }>(
      `/api/v1/cl2c/user/${encodeURIComponent(id)}`,
      { method: 'PUT', body },
    ),
  remove: (id: string) => apiFetch<{ message: string }>(`/api/v1/cl2c/user/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  bulk: (body: BulkInviteBody) =>
    apiFetch<BulkInviteResponse>('/api/v1/cl2c/user/bulk', { method: 'POST', body }),
  /** What A13 would do with each e-mail now (the CSV preview's server check); writes nothing. */
  check: (body: CheckInviteesBody) =>
    apiFetch<CheckInviteesResponse>('/api/v1/console/invitations/check', { method: 'POST', body }),
};

export function shortAddress(address: string | null | undefined) {
  return address ? `${address.slice(0, 6)}…${address.slice(-4)}` : '—';
}
