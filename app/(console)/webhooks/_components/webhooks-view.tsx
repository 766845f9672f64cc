'use client';

import dynamic from 'next/dynamic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  listQueryProps,
  Dialog,
  useTableSearchParams,
  useUrlState,
  type BadgeTone,
  type ColumnDef,
} from '@/components/ui';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { apiFetch, errorMessage } from '@/lib/http/client';
import { DateTime } from '@/components/console/date-time';
import { DeliveryLog } from './delivery-log';
import { SecretOnce } from './secret-once';
import { WEBHOOKS_PATH, fetchWebhooks, webhookKeys, type WebhookRow, type WebhookSecret } from './webhook-queries';

const CreateWebhookDialog = dynamic(() => import('./create-webhook-dialog').then((m) => m.CreateWebhookDialog), { ssr: false });

const statusTone: Record<WebhookRow['status'], BadgeTone> = { ENABLED: 'success', DISABLED: 'neutral' };

type Pending = { kind: 'rotate' | 'delete'; row: WebhookRow } | null;

/** Endpoints on top; the selected one's delivery log (`?endpoint=<id>`) below. */
export function WebhooksView() {
  const state = useTableSearchParams([]);
  const [params, setParams] = useUrlState();
  const selectedId = params.endpoint ?? null;
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [rotated, setRotated] = useState<WebhookSecret | null>(null);

  const list = useQuery({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => fetchWebhooks(signal), placeholderData: keepPreviousData });
  const selected = list.data?.data.find((w) => w.id === selectedId) ?? null;

  const setStatus = useFormMutation({
    mutationFn: (v: { row: WebhookRow; status: WebhookRow['status'] }) =>
      apiFetch<WebhookRow>(`${WEBHOOKS_PATH}/${v.row.id}`, { method: 'PATCH', body: { status: v.status } }),
    success: (r) => `${r.url} ${r.status === 'ENABLED' ? 'enabled' : 'disabled'}.`,
    invalidate: [webhookKeys.all],
  });
  const test = useFormMutation({
    mutationFn: (row: WebhookRow) => apiFetch<{ eventId: string }>(`${WEBHOOKS_PATH}/${row.id}/test`, { method: 'POST' }),
    success: (r) => `Test message ${r.eventId} queued.`,
    invalidate: [webhookKeys.all],
    onSuccess: (_r, row) => setParams({ endpoint: row.id }),
  });
  const rotate = useFormMutation({
    mutationFn: (row: WebhookRow) => apiFetch<WebhookSecret>(`${WEBHOOKS_PATH}/${row.id}/rotate`, { method: 'POST' }),
    success: () => 'Secret rotated. The previous one keeps signing for 24 hours.',
    invalidate: [webhookKeys.all],
    onSuccess: (r) => {
      setPending(null);
      setRotated(r);
    },
    onError: () => true,
  });
  const remove = useFormMutation({
    mutationFn: (row: WebhookRow) => apiFetch<{ message: string }>(`${WEBHOOKS_PATH}/${row.id}`, { method: 'DELETE' }),
    success: (r) => r.message,
    invalidate: [webhookKeys.all],
    onSuccess: (_r, row) => {
      setPending(null);
      if (row.id === selectedId) setParams({ endpoint: null });
    },
    onError: () => true,
  });

  const columns = useMemo<ColumnDef<WebhookRow>[]>(
    () => [
      {
        id: 'url',
        header: 'Endpoint',
        cell: ({ row }) => (
          <div className="min-w-0">
            <code className="text-xs break-all text-slate-900">{row.original.url}</code>
            {row.original.description && <p className="text-xs text-slate-500">{row.original.description}</p>}
          </div>
        ),
      },
      {
        id: 'eventTypes',
        header: 'Events',
        cell: ({ row }) => (row.original.eventTypes.length ? row.original.eventTypes.join(', ') : 'All'),
      },
      {
        id: 'secret',
        header: 'Secret',
        cell: ({ row }) => (
          <div>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{row.original.secretPrefix}…</code>
            {row.original.previousSecretExpiresAt && (
              <p className="text-xs text-slate-500">
                Previous secret signs until <DateTime value={row.original.previousSecretExpiresAt} />
              </p>
            )}
          </div>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <div>
            <Badge tone={statusTone[row.original.status]}>{row.original.status === 'ENABLED' ? 'Enabled' : 'Disabled'}</Badge>
            {row.original.disabledReason && <p className="text-xs text-slate-500">{row.original.disabledReason}</p>}
          </div>
        ),
      },
      { id: 'createdAt', header: 'Created', cell: ({ row }) => <DateTime value={row.original.createdAt} stacked /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => {
          const w = row.original;
          return (
            <div className="flex flex-wrap gap-1">
              <Button variant="ghost" size="sm" onClick={() => setParams({ endpoint: w.id, page: null })} aria-label={`Deliveries of ${w.url}`}>
                Deliveries
              </Button>
              <Button variant="ghost" size="sm" disabled={w.status !== 'ENABLED' || test.isPending} onClick={() => test.mutate(w)} aria-label={`Send a test message to ${w.url}`}>
                Test
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setPending({ kind: 'rotate', row: w })} aria-label={`Rotate the secret of ${w.url}`}>
                Rotate
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ row: w, status: w.status === 'ENABLED' ? 'DISABLED' : 'ENABLED' })}
                aria-label={`${w.status === 'ENABLED' ? 'Disable' : 'Enable'} ${w.url}`}
              >
                {w.status === 'ENABLED' ? 'Disable' : 'Enable'}
              </Button>
              <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setPending({ kind: 'delete', row: w })} aria-label={`Delete ${w.url}`}>
                Delete
              </Button>
            </div>
          );
        },
      },
    ],
    [setParams, setStatus, test],
  );

  const action = pending?.kind === 'rotate' ? rotate : remove;
  return (
    <div className="space-y-8">
      <DataTable
        label="Webhook endpoints"
        columns={columns}
        {...listQueryProps(list)}
        state={state}
        getRowId={(row) => row.id}
        emptyState={<p className="px-4 py-8 text-center text-slate-500">No webhook endpoints yet. Add one to receive events.</p>}
        toolbar={
          <div className="ml-auto">
            <Button onClick={() => setCreating(true)}>Add endpoint</Button>
          </div>
        }
      />
      {selected && <DeliveryLog endpoint={selected} />}
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPending(null);
            rotate.reset();
            remove.reset();
          }
        }}
        title={pending?.kind === 'rotate' ? `Rotate the secret of ${pending.row.url}?` : `Delete ${pending?.row.url ?? ''}?`}
        description={
          pending?.kind === 'rotate'
            ? 'A new secret is shown once. For 24 hours every message is signed with both, so your receiver can switch without missing one; then only the new one signs.'
            : 'The endpoint and its delivery log are deleted; nothing more is sent to it. This cannot be undone.'
        }
        confirmLabel={pending?.kind === 'rotate' ? 'Rotate secret' : 'Delete endpoint'}
        destructive={pending?.kind !== 'rotate'}
        pending={action.isPending}
        error={action.error ? errorMessage(action.error) : undefined}
        onConfirm={() => pending && action.mutate(pending.row)}
      />
      <Dialog
        open={rotated !== null}
        onOpenChange={(open) => !open && setRotated(null)}
        title="Copy the new signing secret"
        description="This is the only time it is shown. The previous secret keeps signing for 24 hours."
      >
        {rotated && <SecretOnce secret={rotated.secret} label={`New secret for ${rotated.endpoint.url}`} onDone={() => setRotated(null)} />}
      </Dialog>
    </div>
  );
}
