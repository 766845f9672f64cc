'use client';

import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@/components/ui/columns';
import Link from 'next/link';
import { useState } from 'react';
import { BulkActionButton } from '@/components/ui/bulk-action';
import { exportUrl } from '@/components/ui/table-params';
import { StatusBadge } from '@/components/console/status-badge';
import { Badge } from '@/components/ui/badge';
import { DataTable, listQueryProps } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { useTableSearchParams } from '@/components/ui/use-url-state';
import type { MemberListItem } from '@/lib/members/schemas';
import { MemberActions } from './member-actions';
import { memberKeys, membersApi, shortAddress } from './member-keys';
import { DateTime } from '@/components/console/date-time';

const col = createColumnHelper<MemberListItem>();

const columns = [
  col.accessor('email', {
    id: 'email',
    header: 'Member',
    enableSorting: true,
    meta: { cardTitle: true },
    cell: ({ row }) => (
      <div className="min-w-48">
        <Link
          href={`/members/${row.original.id}`}
          className="font-medium break-all text-indigo-700 hover:underline"
        >
          {row.original.email}
        </Link>
        <span className="block text-xs text-slate-500">
          {row.original.user.name
            ? `${row.original.user.name}${row.original.user.userName ? ` · @${row.original.user.userName}` : ''}`
            : 'Not registered yet'}
        </span>
      </div>
    ),
  }),
  col.accessor('status', {
    id: 'status',
    header: 'Status',
    enableSorting: true,
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-1">
        <StatusBadge status={row.original.status} />
        {row.original.invitation?.expired && <Badge tone="neutral">link expired</Badge>}
        {row.original.role && row.original.role !== 'MEMBER' && (
          <Badge tone="info">{row.original.role}</Badge>
        )}
      </span>
    ),
  }),
  col.accessor('walletAddress', {
    header: 'Wallet',
    cell: ({ getValue }) => (
      <code className="font-mono text-xs whitespace-nowrap" title={getValue() ?? undefined}>
        {shortAddress(getValue())}
      </code>
    ),
  }),
  col.accessor('totalNFTs', {
    header: 'NFTs',
    cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
  }),
  col.accessor('createdAt', {
    id: 'createdAt',
    header: 'Added',
    enableSorting: true,
    meta: { firstSort: 'desc' },
    cell: ({ getValue }) => (
      <span className="text-slate-600">
        <DateTime value={getValue()} stacked />
      </span>
    ),
  }),
  col.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (
      <MemberActions
        menu
        target={{
          id: row.original.id,
          email: row.original.email,
          kind: row.original.kind,
          role: row.original.role,
        }}
      />
    ),
  }),
];

const statusOptions = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'SUSPENDED', label: 'Suspended' },
  { value: 'PENDING', label: 'Invited (pending)' },
];
const walletOptions = [
  { value: 'true', label: 'With wallet' },
  { value: 'false', label: 'Without wallet' },
];

export function MembersTable() {
  const state = useTableSearchParams(['status', 'hasWallet']);
  const query = useQuery({
    queryKey: memberKeys.list(state.query),
    queryFn: () => membersApi.list(state.query),
  });
  // Bulk actions are for pending invitations: resend (a new link) or revoke.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const invitations = (query.data?.data ?? []).filter((m) => m.kind === 'invitation' && selected.has(m.id)).map((m) => ({ id: m.id, name: m.email }));
  return (
    <DataTable
      label="Members and invitations"
      columns={columns}
      {...listQueryProps(query)}
      state={state}
      exportHref={exportUrl('/api/v1/console/export/members', state.query)}
      selection={{ selected, onChange: setSelected, canSelect: (m) => m.kind === 'invitation' }}
      bulkActions={
        <>
          <BulkActionButton
            label="Resend invitations"
            items={invitations}
            title={`Resend ${invitations.length} ${invitations.length === 1 ? 'invitation' : 'invitations'}?`}
            description="Each person gets a new link by e-mail; their previous link stops working."
            confirmLabel="Resend"
            done="resent"
            invalidate={[memberKeys.all]}
            run={(item) => membersApi.update(item.id, { resend: true })}
            onFinished={() => setSelected(new Set())}
          />
          <BulkActionButton
            label="Revoke invitations"
            destructive
            items={invitations}
            title={`Revoke ${invitations.length} ${invitations.length === 1 ? 'invitation' : 'invitations'}?`}
            description="Their links stop working at once. You can invite the same people again later."
            confirmLabel="Revoke"
            done="revoked"
            invalidate={[memberKeys.all]}
            run={(item) => membersApi.remove(item.id)}
            onFinished={() => setSelected(new Set())}
          />
        </>
      }
      getRowId={(r) => r.id}
      searchPlaceholder="Search e-mail or name"
      toolbar={
        <>
          <FilterSelect
            state={state}
            filterKey="status"
            label="Status"
            className="w-48"
            placeholder="All statuses"
            options={statusOptions}
          />
          <FilterSelect
            state={state}
            filterKey="hasWallet"
            label="Wallet"
            className="w-44"
            placeholder="Any wallet"
            options={walletOptions}
          />
        </>
      }
      emptyState={
        <EmptyState
          title="No members or invitations match"
          description="Invite people from a CSV file, or change the search and filters."
          action={
            <Link
              href="/members/import"
              className="text-sm font-medium text-indigo-700 hover:underline"
            >
              Invite from a CSV file
            </Link>
          }
        />
      }
    />
  );
}
