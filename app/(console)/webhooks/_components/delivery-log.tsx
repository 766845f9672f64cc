'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge, Button, DataTable, FilterSelect, listQueryProps, UtcDateTimeInput, useTableSearchParams, type BadgeTone, type ColumnDef } from '@/components/ui';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { apiFetch } from '@/lib/http/client';
import { DateTime } from '@/components/console/date-time';
import { WEBHOOKS_PATH, fetchDeliveries, webhookKeys, type WebhookDeliveryRow, type WebhookRow } from './webhook-queries';

const tone: Record<WebhookDeliveryRow['status'], BadgeTone> = { PENDING: 'warning', SUCCEEDED: 'success', FAILED: 'danger' };
const statusOptions = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'SUCCEEDED', label: 'Succeeded' },
  { value: 'FAILED', label: 'Failed' },
];

/** One endpoint's deliveries, newest first, each with its attempts; replay one or a time range. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookRow }) {
  const state = useTableSearchParams(['status']);
  const query = { page: state.page, limit: state.limit, status: state.filters.status };
  const [since, setSince] = useState<string | undefined>(undefined);
  const log = useQuery({
    queryKey: webhookKeys.deliveries(endpoint.id, query),
    queryFn: ({ signal }) => fetchDeliveries(endpoint.id, query, signal),
    placeholderData: keepPreviousData,
    // Pending deliveries change on their own; keep the log current while it is open.
    refetchInterval: 5_000,
  });
  const replay = useFormMutation({
    mutationFn: (body: { eventId: string } | { since: string }) =>
      apiFetch<{ replayed: number }>(`${WEBHOOKS_PATH}/${endpoint.id}/replay`, { method: 'POST', body }),
    success: (r) => `${r.replayed} message${r.replayed === 1 ? '' : 's'} queued again.`,
    invalidate: [webhookKeys.all],
  });

  const columns = useMemo<ColumnDef<WebhookDeliveryRow>[]>(
    () => [
      {
        id: 'event',
        header: 'Message',
        cell: ({ row }) => (
          <div>
            <code className="text-xs text-slate-900">{row.original.eventType}</code>
            <p className="text-xs break-all text-slate-500">
              {row.original.eventId} · #{row.original.sequence}
              {row.original.replay ? ' · replay' : ''}
            </p>
          </div>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <div>
            <Badge tone={tone[row.original.status]}>{row.original.status.toLowerCase()}</Badge>
            {row.original.nextAttemptAt && (
              <p className="text-xs text-slate-500">
                next <DateTime value={row.original.nextAttemptAt} />
              </p>
            )}
          </div>
        ),
      },
      {
        id: 'attempts',
        header: 'Attempts',
        cell: ({ row }) => (
          <ol className="space-y-1 text-xs">
            {row.original.attemptLog.map((a) => (
              <li key={a.number}>
                <span className="font-medium">#{a.number}</span> {a.outcome.toLowerCase().replace('_', ' ')}
                {a.statusCode !== null && ` · HTTP ${a.statusCode}`}
                {a.latencyMs !== null && ` · ${a.latencyMs} ms`}
                {(a.error || a.responseExcerpt) && (
                  <span className="block max-w-md truncate text-slate-500" title={a.error ?? a.responseExcerpt ?? ''}>
                    {a.error ?? a.responseExcerpt}
                  </span>
                )}
              </li>
            ))}
          </ol>
        ),
      },
      { id: 'createdAt', header: 'Recorded', cell: ({ row }) => <DateTime value={row.original.createdAt} stacked /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button
            variant="ghost"
            size="sm"
            disabled={endpoint.status !== 'ENABLED' || replay.isPending}
            onClick={() => replay.mutate({ eventId: row.original.eventId })}
            aria-label={`Replay ${row.original.eventType} ${row.original.eventId}`}
          >
            Replay
          </Button>
        ),
      },
    ],
    [endpoint.status, replay],
  );

  return (
    <section aria-labelledby="delivery-log-title" className="space-y-3">
      <div>
        <h2 id="delivery-log-title" className="text-lg font-semibold text-slate-900">
          Delivery log
        </h2>
        <p className="text-sm break-all text-slate-600">{endpoint.url}</p>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (since) replay.mutate({ since });
        }}
      >
        <div>
          <label htmlFor="replay-since" className="block text-sm font-medium text-slate-700">
            Replay everything since (UTC)
          </label>
          <UtcDateTimeInput id="replay-since" name="since" value={since} onChange={setSince} />
        </div>
        <Button type="submit" variant="secondary" disabled={!since || endpoint.status !== 'ENABLED'} loading={replay.isPending}>
          Replay
        </Button>
      </form>
      <DataTable
        label="Webhook deliveries"
        columns={columns}
        {...listQueryProps(log)}
        state={state}
        getRowId={(row) => row.id}
        emptyState={<p className="px-4 py-8 text-center text-slate-500">Nothing sent to this endpoint yet.</p>}
        toolbar={<FilterSelect state={state} filterKey="status" label="Status" className="w-40" placeholder="All statuses" options={statusOptions} />}
      />
    </section>
  );
}
