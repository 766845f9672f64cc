'use client';

import dynamic from 'next/dynamic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@/components/ui/columns';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { DateTime } from '@/components/console/date-time';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { DataTable, listQueryProps } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { FilterSelect } from '@/components/ui/filter-select';
import { useTableSearchParams } from '@/components/ui/use-url-state';
import { contractStatuses } from '@/db/enums';
import { apiFetch } from '@/lib/http/client';
import { exportUrl } from '@/components/ui/table-params';
import { CONTRACTS_PATH, contractKeys, type Contract, type ContractList } from './contract-keys';
import { DeleteContractDialog } from './delete-contract-dialog';
import { DeployContractButton, contractStatusId } from './deploy-contract-button';

// Form dialogs (react-hook-form) load after the page, not in its first load.
const CreateContractDialog = dynamic(() => import('./create-contract-dialog').then((m) => m.CreateContractDialog), { ssr: false });
const EditContractDialog = dynamic(() => import('./edit-contract-dialog').then((m) => m.EditContractDialog), { ssr: false });

const column = createColumnHelper<Contract>();

export function ContractsView() {
  const state = useTableSearchParams(['status']);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Contract | null>(null);
  const [deleting, setDeleting] = useState<Contract | null>(null);

  const list = useQuery({
    queryKey: contractKeys.list(state.query),
    queryFn: ({ signal }) => apiFetch<ContractList>(CONTRACTS_PATH, { query: state.query, signal }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        enableSorting: true,
        meta: { cardTitle: true },
        cell: ({ row }) => (
          <div className="min-w-40 [overflow-wrap:anywhere]">
            <Link
              href={`/contracts/${encodeURIComponent(row.original.id)}`}
              className="font-medium text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline"
            >
              {row.original.name}
            </Link>
            {row.original.description && (
              <p className="line-clamp-1 text-xs text-slate-500">{row.original.description}</p>
            )}
          </div>
        ),
      }),
      column.accessor('symbol', {
        header: 'Symbol',
        enableSorting: true,
        cell: (c) => <span className="font-mono">{c.getValue()}</span>,
      }),
      column.accessor('status', {
        header: 'Status',
        enableSorting: true,
        // Deploying is the next step of a CREATED (or FAILED) record, so it sits with the status.
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <span id={contractStatusId(row.original.id)} tabIndex={-1} aria-label={`${row.original.name}: ${row.original.status}`}>
              <StatusBadge status={row.original.status} />
            </span>
            <DeployContractButton contract={row.original} />
          </div>
        ),
      }),
      column.display({
        id: 'network',
        header: 'Network',
        cell: ({ row }) => (
          // Two short lines instead of one long one: the column stays narrow enough for the table
          // to fit a laptop screen beside a deployed contract's address and date.
          <span className="text-slate-600">
            {row.original.network}
            <span className="sr-only"> · </span>
            <span className="block text-xs">{row.original.env}</span>
          </span>
        ),
      }),
      column.accessor('contractAddress', {
        header: 'Address',
        cell: (c) => {
          const address = c.getValue();
          return address ? (
            <span className="font-mono text-xs whitespace-nowrap" title={address}>
              {address.slice(0, 8)}…{address.slice(-6)}
            </span>
          ) : (
            <span className="text-slate-400">—</span>
          );
        },
      }),
      column.accessor('deployedAt', {
        header: 'Deployed',
        enableSorting: true,
        meta: { firstSort: 'desc' },
        cell: (c) => <DateTime value={c.getValue()} stacked />,
      }),
      column.accessor('totalNFTs', {
        header: 'NFTs',
        cell: ({ row }) => (
          <Link
            href={`/nfts?contractId=${encodeURIComponent(row.original.id)}`}
            className="text-indigo-700 underline-offset-2 hover:underline"
            aria-label={`${row.original.totalNFTs} NFTs of ${row.original.name}`}
          >
            {row.original.totalNFTs}
          </Link>
        ),
      }),
      column.accessor('createdAt', {
        header: 'Created',
        enableSorting: true,
        meta: { firstSort: 'desc' },
        cell: (c) => <DateTime value={c.getValue()} stacked />,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setEditing(row.original)}
              aria-label={`Edit ${row.original.name}`}
            >
              Edit
            </Button>
            <Button
              variant="ghost-destructive"
              size="sm"
              onClick={() => setDeleting(row.original)}
              aria-label={`Delete ${row.original.name}`}
            >
              Delete
            </Button>
          </div>
        ),
      }),
    ],
    [],
  );

  const filtered = Boolean(state.search || state.filters.status);

  return (
    <>
      <PageHeader
        title="Smart contracts"
        description="Contract records of your organization: create them, then record their deployment."
        actions={<Button onClick={() => setCreating(true)}>New contract</Button>}
      />
      <DataTable
        label="Smart contracts"
        columns={columns}
        {...listQueryProps(list)}
        state={state}
        exportHref={exportUrl('/api/v1/console/export/contracts', state.query)}
        getRowId={(c) => c.id}
        searchPlaceholder="Search name, symbol, description…"
        toolbar={
          <div className="flex items-center gap-2">
            <FilterSelect
              state={state}
              filterKey="status"
              label="Status"
              showLabel
              className="w-40"
              placeholder="All statuses"
              options={contractStatuses.map((s) => ({ value: s, label: s }))}
            />
            {filtered && (
              <Button variant="link" size="sm" onClick={state.reset}>
                Clear filters
              </Button>
            )}
          </div>
        }
        emptyState={
          filtered ? (
            <EmptyState title="No contracts match" description="Try another search or status." />
          ) : (
            <EmptyState
              title="No smart contracts yet"
              description="Create the first contract record of your organization."
              action={<Button onClick={() => setCreating(true)}>New contract</Button>}
            />
          )
        }
      />
      <CreateContractDialog open={creating} onOpenChange={setCreating} />
      <EditContractDialog contract={editing} onClose={() => setEditing(null)} />
      <DeleteContractDialog contract={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
