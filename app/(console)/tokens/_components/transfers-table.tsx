'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@/components/ui/columns';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { DataTable, listQueryProps } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import type { PaginationInfo } from '@/components/ui/pagination';
import { FilterSelect } from '@/components/ui/filter-select';
import { useTableSearchParams } from '@/components/ui/use-url-state';
import { transferStatuses, tokenTypes } from '@/db/enums';
import { apiFetch } from '@/lib/http/client';
import type { TransferView } from '@/lib/tokens/schemas';
import { shortHash, tokenKeys } from './token-keys';
import { DateTime } from '@/components/console/date-time';

type TransferPage = { data: TransferView[]; pagination: PaginationInfo };

const column = createColumnHelper<TransferView>();

/** What the ledger state adds to the public status (docs/chain.md, "Chain transactions"). */
function stateLabel(row: Pick<TransferView, 'state' | 'broadcast'>): string | null {
  switch (row.state) {
    case 'signed':
      return row.broadcast ? null : 'signed, not broadcast';
    case 'sent':
      return 'sent, awaiting a block';
    case 'mined_success':
      return 'mined';
    case 'mined_reverted':
      return 'mined and reverted — gas spent';
    case 'errored':
      return 'not sent — nothing spent';
    case 'cancelled':
      return 'cancelled — nothing paid';
    case 'orphaned':
      return 'orphaned — chain reset';
    default:
      return null;
  }
}

const stateTone = (row: Pick<TransferView, 'state'>) =>
  row.state === 'signed' ? 'text-amber-800' : row.state === 'mined_reverted' || row.state === 'orphaned' ? 'text-red-700' : 'text-slate-600';

const columns = [
  column.accessor('createdAt', {
    id: 'createdAt',
    header: 'Time',
    enableSorting: true,
    meta: { firstSort: 'desc' },
    cell: (c) => <DateTime value={c.getValue()} stacked />,
  }),
  column.accessor('memberEmail', {
    header: 'Member',
    cell: (c) => {
      const row = c.row.original;
      return row.memberEmail ? (
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{row.memberEmail}</p>
          <p className="truncate font-mono text-xs text-slate-500" title={row.toAddress}>
            {shortHash(row.toAddress, 8, 6)}
          </p>
        </div>
      ) : (
        <span className="text-slate-500" title={row.toAddress}>
          Removed member ·{' '}
          <span className="font-mono text-xs">{shortHash(row.toAddress, 8, 6)}</span>
        </span>
      );
    },
  }),
  column.accessor('amount', {
    header: 'Amount',
    cell: (c) => <span className="font-mono tabular-nums">{c.getValue()}</span>,
  }),
  column.accessor('tokenType', { header: 'Type' }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => {
      const row = c.row.original;
      return (
        <div className="flex flex-col items-start gap-0.5">
          <StatusBadge status={row.status} />
          {stateLabel(row) && <span className={`text-xs ${stateTone(row)}`}>{stateLabel(row)}</span>}
          {row.error && (
            <span className="max-w-48 truncate text-xs text-red-700" title={row.error}>
              {row.error}
            </span>
          )}
        </div>
      );
    },
  }),
  column.accessor('transactionHash', {
    header: 'Transaction hash',
    cell: (c) => {
      const hash = c.getValue();
      return hash ? (
        <span className="font-mono text-xs" title={hash}>
          {shortHash(hash)}
        </span>
      ) : (
        <span className="text-slate-400">—</span>
      );
    },
  }),
];

const statusOptions = transferStatuses.map((s) => ({ value: s, label: s }));
const typeOptions = tokenTypes.map((t) => ({ value: t, label: t }));

/** The organization's transfers, newest first; page, search and filters live in the URL. */
export function TransfersTable() {
  const state = useTableSearchParams(['status', 'tokenType']);
  const transfers = useQuery({
    queryKey: tokenKeys.transfers(state.query),
    queryFn: ({ signal }) =>
      apiFetch<TransferPage>('/api/v1/console/transfers', { query: state.query, signal }),
    placeholderData: keepPreviousData,
    // Sends on a network settle from their receipts: refresh while any is still on its way.
    refetchInterval: (q) =>
      q.state.data?.data.some((t) => t.status === 'PENDING' || t.status === 'SUBMITTED') ? 2_000 : false,
  });
  const filtered = Boolean(state.search || state.filters.status || state.filters.tokenType);
  return (
    <DataTable
      label="Token transfers"
      columns={columns}
      {...listQueryProps(transfers)}
      state={state}
      getRowId={(row) => row.id}
      searchPlaceholder="E-mail, name, hash or address"
      emptyState={
        filtered ? (
          <EmptyState
            title="No transfers match"
            description="Try another search or filter."
            action={
              <Button variant="secondary" size="sm" onClick={state.reset}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            title="No transfers yet"
            description="Tokens you send appear here, newest first."
          />
        )
      }
      toolbar={
        <>
          <FilterSelect
            state={state}
            filterKey="status"
            label="Filter by status"
            className="w-40"
            placeholder="All statuses"
            options={statusOptions}
          />
          <FilterSelect
            state={state}
            filterKey="tokenType"
            label="Filter by token type"
            className="w-44"
            placeholder="All token types"
            options={typeOptions}
          />
        </>
      }
    />
  );
}
