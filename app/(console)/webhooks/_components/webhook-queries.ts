import { apiFetch, type QueryValue } from '@/lib/http/client';

/** One endpoint as the API returns it (dates are ISO strings). */
export type WebhookRow = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  status: 'ENABLED' | 'DISABLED';
  disabledReason: string | null;
  secretPrefix: string;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type WebhookAttemptRow = {
  number: number;
  outcome: 'IN_FLIGHT' | 'SUCCEEDED' | 'FAILED' | 'INTERRUPTED';
  statusCode: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
};

export type WebhookDeliveryRow = {
  id: string;
  eventId: string;
  eventType: string;
  resourceType: string;
  resourceId: string;
  sequence: number;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  replay: boolean;
  createdAt: string;
  attemptLog: WebhookAttemptRow[];
};

export type DeliveryPage = {
  data: WebhookDeliveryRow[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
};

/** The secret, returned once by create and rotate. */
export type WebhookSecret = { endpoint: WebhookRow; secret: string };

export const WEBHOOKS_PATH = '/api/v1/cl2c/webhook';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string, params: Record<string, QueryValue>) => [...webhookKeys.all, 'deliveries', id, params] as const,
};

export function fetchWebhooks(signal?: AbortSignal) {
  return apiFetch<{ data: WebhookRow[] }>(WEBHOOKS_PATH, { signal });
}

export function fetchDeliveries(id: string, params: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiFetch<DeliveryPage>(`${WEBHOOKS_PATH}/${id}/deliveries`, { query: params, signal });
}
