import { apiFetch, type QueryValue } from '@/lib/http/client';

export type OutboxItem = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  links: string[];
  createdAt: string;
  updatedAt: string;
};

export type OutboxListResponse = {
  data: OutboxItem[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
};

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (query: Record<string, QueryValue>) => [...outboxKeys.all, 'list', query] as const,
};

export const outboxApi = {
  list: (query: Record<string, QueryValue>) => apiFetch<OutboxListResponse>('/api/v1/console/outbox', { query }),
};
