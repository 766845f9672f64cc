import type { AuditActor, AuditEventDetail, AuditListItem } from '@/lib/audit/schemas';
import { apiFetch, type QueryValue } from '@/lib/http/client';

/** An audit event as JSON (dates are ISO strings). */
export type ActivityItem = Omit<AuditListItem, 'createdAt'> & { createdAt: string };

export type ActivityListResponse = {
  data: ActivityItem[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
};

/** react-query keys of the Activity area. */
export const activityKeys = {
  all: ['activity'] as const,
  list: (query: Record<string, QueryValue>) => [...activityKeys.all, 'list', query] as const,
  actors: () => [...activityKeys.all, 'actors'] as const,
  detail: (id: string) => [...activityKeys.all, 'detail', id] as const,
};

/** An event with its details as JSON. */
export type ActivityDetail = Omit<AuditEventDetail, 'createdAt'> & { createdAt: string };

/** The notifications' poll answer. */
export type ActivityUpdates = { cursor: string; data: ActivityItem[] };

export const activityApi = {
  list: (query: Record<string, QueryValue>) => apiFetch<ActivityListResponse>('/api/v1/console/audit', { query }),
  actors: () => apiFetch<{ data: AuditActor[] }>('/api/v1/console/audit/actors'),
  get: (id: string) => apiFetch<ActivityDetail>(`/api/v1/console/audit/${encodeURIComponent(id)}`),
  updates: (after: string | null) => apiFetch<ActivityUpdates>('/api/v1/console/audit/updates', { query: { after } }),
};
