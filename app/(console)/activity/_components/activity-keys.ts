import type { AuditActor, AuditListItem } from '@/lib/audit/schemas';
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
};

export const activityApi = {
  list: (query: Record<string, QueryValue>) => apiFetch<ActivityListResponse>('/api/v1/console/audit', { query }),
  actors: () => apiFetch<{ data: AuditActor[] }>('/api/v1/console/audit/actors'),
};
