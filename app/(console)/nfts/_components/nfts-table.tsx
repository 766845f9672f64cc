'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { BulkActionButton } from '@/components/ui/bulk-action';
import { exportUrl } from '@/components/ui/table-params';
import { apiFetch } from '@/lib/http/client';
import { ContractPicker } from '@/components/console/contract-picker';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { DataTable, listQueryProps, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { useTableSearchParams } from '@/components/ui/use-url-state';
import { nftStatuses } from '@/db/enums';
import { fetchNfts, nftKeys, type NftItem } from './api';
import { copyrightColumn, CopyrightFilter } from './copyright-filter';
import { NftThumbnail } from './nft-thumbnail';
import { DateTime } from '@/components/console/date-time';

const columns: ColumnDef<NftItem>[] = [
  {
    id: 'image',
    header: () => <span className="sr-only">Image</span>,
    meta: { hideInCard: true },
    cell: ({ row }) => <NftThumbnail imagePath={row.original.imagePath} name={row.original.name} />,
  },
  {
    id: 'name',
    accessorKey: 'name',
    header: 'Name',
    enableSorting: true,
    meta: { cardTitle: true },
    cell: ({ row }) => (
      // A long unbroken name wraps anywhere instead of widening the table past its card.
      <div className="min-w-40 [overflow-wrap:anywhere]">
        <Link
          href={`/nfts/${row.original.id}`}
          className="font-medium text-indigo-700 hover:underline"
        >
          {row.original.name}
        </Link>
        {row.original.description && (
          <p className="line-clamp-1 text-xs text-slate-500">{row.original.description}</p>
        )}
      </div>
    ),
  },
  {
    id: 'contract',
    header: 'Contract',
    cell: ({ row }) => (
      // Wraps: with the Token ID and Created columns a long contract name pushed the table past its card at 1440 px.
      <span className="block min-w-28 [overflow-wrap:anywhere]">
        {row.original.smartContract.name}{' '}
        <span className="text-xs text-slate-500">({row.original.smartContract.symbol})</span>
      </span>
    ),
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    enableSorting: true,
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  copyrightColumn,
  { id: 'supply', accessorKey: 'supply', header: 'Supply', enableSorting: true, meta: { firstSort: 'desc' } },
  {
    id: 'mintedAt',
    accessorKey: 'mintedAt',
    header: 'Minted',
    enableSorting: true,
    meta: { firstSort: 'desc' },
    cell: ({ row }) => <DateTime value={row.original.mintedAt} stacked />,
  },
  {
    id: 'tokenId',
    header: 'Token ID',
    cell: ({ row }) =>
      row.original.tokenId === null ? <span className="text-slate-500">—</span> : <span className="font-mono tabular-nums">#{row.original.tokenId}</span>,
  },
  {
    id: 'createdAt',
    accessorKey: 'createdAt',
    header: 'Created',
    enableSorting: true,
    meta: { firstSort: 'desc' },
    cell: ({ row }) => <DateTime value={row.original.createdAt} stacked />,
  },
];

/** What the server lets be deleted (DELETE /nft/{id}): not on chain or on its way, not copyrighted. */
const deletable = (n: NftItem) => n.status !== 'MINTED' && n.status !== 'PENDING' && n.copyrightStatus !== 'COPYRIGHTED';

/** A5 in the console: thumbnails, search, status/contract filters, sort and paging, all in the URL. */
export function NftsTable() {
  const state = useTableSearchParams(['status', 'contractId', 'copyrightStatus']);
  const list = useQuery({
    queryKey: nftKeys.list(state.query),
    queryFn: ({ signal }) => fetchNfts(state.query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(state.search || state.filters.status || state.filters.contractId || state.filters.copyrightStatus);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedItems = (list.data?.data ?? []).filter((n) => selected.has(n.id)).map((n) => ({ id: n.id, name: n.name }));

  return (
    <DataTable
      label="NFTs"
      columns={columns}
      {...listQueryProps(list)}
      state={state}
      exportHref={exportUrl('/api/v1/console/export/nfts', state.query)}
      selection={{ selected, onChange: setSelected, canSelect: deletable }}
      bulkActions={
        <BulkActionButton
          label="Delete"
          destructive
          items={selectedItems}
          title={`Delete ${selectedItems.length} NFT ${selectedItems.length === 1 ? 'record' : 'records'}?`}
          description="Each record and its copyright shares are deleted. Minted or copyrighted NFTs cannot be selected; the server refuses any that changed meanwhile, and the result names them."
          confirmLabel="Delete"
          done="deleted"
          invalidate={[nftKeys.lists()]}
          run={(item) => apiFetch(`/api/v1/cl2c/nft/${encodeURIComponent(item.id)}`, { method: 'DELETE' })}
          onFinished={() => setSelected(new Set())}
        />
      }
      getRowId={(row) => row.id}
      searchPlaceholder="Search name or description…"
      toolbar={
        <>
          <FilterSelect
            state={state}
            filterKey="status"
            label="Status"
            showLabel
            className="w-36"
            placeholder="All statuses"
            options={nftStatuses.map((s) => ({ value: s, label: s }))}
          />
          <div className="flex items-center gap-2">
            <label htmlFor="nfts-contract-filter" className="text-sm text-slate-600">
              Contract
            </label>
            <ContractPicker
              id="nfts-contract-filter"
              className="w-60"
              value={state.filters.contractId}
              onChange={(id) => state.setFilter('contractId', id)}
              clearable
              placeholder="All contracts"
            />
          </div>
          <CopyrightFilter state={state} />
          {filtered && (
            <Button variant="ghost" size="sm" onClick={state.reset}>
              Clear filters
            </Button>
          )}
        </>
      }
      emptyState={
        <EmptyState
          title={filtered ? 'No NFTs match these filters' : 'No NFTs yet'}
          description={
            filtered
              ? 'Try another search, status or contract.'
              : 'Create the first NFT record of your organization.'
          }
          action={
            !filtered && (
              <Link
                href="/nfts/new"
                className="text-sm font-medium text-indigo-700 hover:underline"
              >
                Create an NFT
              </Link>
            )
          }
        />
      }
    />
  );
}
