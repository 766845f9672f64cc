'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { ContractPicker } from '@/components/console/contract-picker';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { useTableSearchParams } from '@/components/ui/use-url-state';
import { nftStatuses } from '@/db/schema';
import { errorMessage } from '@/lib/http/client';
import { fetchNfts, nftKeys, type NftItem } from './api';
import { NftThumbnail } from './nft-thumbnail';
import { DateTime } from '@/components/console/date-time';

const columns: ColumnDef<NftItem>[] = [
  {
    id: 'image',
    header: () => <span className="sr-only">Image</span>,
    cell: ({ row }) => <NftThumbnail imagePath={row.original.imagePath} name={row.original.name} />,
  },
  {
    id: 'name',
    accessorKey: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="min-w-40">
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
      <span className="whitespace-nowrap">
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
  { id: 'supply', accessorKey: 'supply', header: 'Supply', enableSorting: true },
  {
    id: 'mintedAt',
    accessorKey: 'mintedAt',
    header: 'Minted',
    enableSorting: true,
    cell: ({ row }) => <DateTime value={row.original.mintedAt} stacked />,
  },
];

/** A5 in the console: thumbnails, search, status/contract filters, sort and paging, all in the URL. */
export function NftsTable() {
  const state = useTableSearchParams(['status', 'contractId']);
  const list = useQuery({
    queryKey: nftKeys.list(state.query),
    queryFn: ({ signal }) => fetchNfts(state.query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(state.search || state.filters.status || state.filters.contractId);

  return (
    <DataTable
      label="NFTs"
      columns={columns}
      data={list.data?.data}
      pagination={list.data?.pagination}
      state={state}
      isLoading={list.isLoading}
      error={list.error ? errorMessage(list.error) : undefined}
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
