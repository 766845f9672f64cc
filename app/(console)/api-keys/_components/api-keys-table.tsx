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
  FilterSelect,
  useTableSearchParams,
  type BadgeTone,
  type ColumnDef,
} from '@/components/ui';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { apiFetch, errorMessage } from '@/lib/http/client';
import { API_KEYS_PATH, apiKeyKeys, apiName, fetchApiKeys, type ApiKeyRow } from './api-key-queries';
import { DateTime } from '@/components/console/date-time';

// Form dialogs (react-hook-form) load after the page, not in its first load.
const CreateApiKeyDialog = dynamic(() => import('./create-api-key-dialog').then((m) => m.CreateApiKeyDialog), { ssr: false });

const statusTone: Record<ApiKeyRow['status'], BadgeTone> = {
  active: 'success',
  expired: 'warning',
  revoked: 'neutral',
};


const familyOptions = [
  { value: 'A', label: apiName('A') },
  { value: 'B', label: apiName('B') },
];
const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'revoked', label: 'Revoked' },
];

export function ApiKeysTable() {
  const state = useTableSearchParams(['family', 'status']);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  const list = useQuery({
    queryKey: apiKeyKeys.list(state.query),
    queryFn: ({ signal }) => fetchApiKeys(state.query, signal),
    placeholderData: keepPreviousData,
  });

  const revoke = useFormMutation({
    mutationFn: (key: ApiKeyRow) =>
      apiFetch<{ id: string }>(`${API_KEYS_PATH}/${key.id}`, { method: 'DELETE' }),
    success: (_data, key) => `Key ${key.prefix}… revoked. It no longer works.`,
    onSuccess: () => setRevoking(null),
    invalidate: [apiKeyKeys.all],
    // The confirm dialog shows the failure itself.
    onError: () => true,
  });

  const columns = useMemo<ColumnDef<ApiKeyRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        enableSorting: true,
        cell: ({ row }) => <span className="font-medium text-slate-900">{row.original.name}</span>,
      },
      {
        id: 'prefix',
        header: 'Key',
        cell: ({ row }) => (
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{row.original.prefix}…</code>
        ),
      },
      {
        id: 'family',
        header: 'API',
        cell: ({ row }) => (
          // The letter keeps the column narrow (the table fits its card at 1440 px); the name is in the tooltip and for screen readers.
          <span title={apiName(row.original.family)}>
            <Badge tone={row.original.family === 'A' ? 'info' : 'neutral'}>{row.original.family}</Badge>
            <span className="sr-only"> ({apiName(row.original.family)})</span>
          </span>
        ),
      },
      { id: 'owner', header: 'Owner', cell: ({ row }) => row.original.owner.email },
      {
        id: 'createdAt',
        header: 'Created',
        enableSorting: true,
        meta: { firstSort: 'desc' },
        cell: ({ row }) => <DateTime value={row.original.createdAt} stacked />,
      },
      {
        id: 'lastUsedAt',
        header: 'Last used',
        enableSorting: true,
        meta: { firstSort: 'desc' },
        cell: ({ row }) => (row.original.lastUsedAt ? <DateTime value={row.original.lastUsedAt} relative stacked /> : 'Never'),
      },
      {
        id: 'expiresAt',
        header: 'Expires',
        enableSorting: true,
        meta: { firstSort: 'desc' },
        cell: ({ row }) => (row.original.expiresAt ? <DateTime value={row.original.expiresAt} stacked /> : 'Never'),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <Badge tone={statusTone[row.original.status]}>{row.original.status}</Badge>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) =>
          row.original.status === 'revoked' ? null : (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700"
              onClick={() => setRevoking(row.original)}
              aria-label={`Revoke ${row.original.name}`}
            >
              Revoke
            </Button>
          ),
      },
    ],
    [],
  );

  return (
    <>
      <DataTable
        label="API keys"
        columns={columns}
        {...listQueryProps(list)}
        state={state}
        getRowId={(row) => row.id}
        searchPlaceholder="Search by name, prefix or owner"
        emptyState={<p className="px-4 py-8 text-center text-slate-500">No API keys match.</p>}
        toolbar={
          <>
            <FilterSelect
              state={state}
              filterKey="family"
              label="API"
              className="w-40"
              placeholder="Both APIs"
              options={familyOptions}
            />
            <FilterSelect
              state={state}
              filterKey="status"
              label="Status"
              className="w-40"
              placeholder="All statuses"
              options={statusOptions}
            />
            <div className="ml-auto">
              <Button onClick={() => setCreating(true)}>Create API key</Button>
            </div>
          </>
        }
      />
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRevoking(null);
            revoke.reset();
          }
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description={
          <>
            Key <code>{revoking?.prefix}…</code> stops working immediately for every program that
            uses it. This cannot be undone.
          </>
        }
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : undefined}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </>
  );
}
