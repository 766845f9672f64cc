'use client';

import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@/components/ui/columns';
import Link from 'next/link';
import { useId, useState } from 'react';
import { exportUrl } from '@/components/ui/table-params';
import { DateTime } from '@/components/console/date-time';
import { Button } from '@/components/ui/button';
import { DataTable, listQueryProps } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { useTableSearchParams, type TableSearchState } from '@/components/ui/use-url-state';
import { auditActionLabels, auditEntityTypeLabels } from '@/lib/audit/labels';
import { activityApi, activityKeys, type ActivityItem } from './activity-keys';
import { EventDetailDialog } from './event-detail';

const col = createColumnHelper<ActivityItem>();

const columnsWith = (open: (id: string) => void) => [
  col.accessor('createdAt', {
    id: 'createdAt',
    header: 'When',
    enableSorting: true,
    cell: ({ getValue }) => <DateTime value={getValue()} relative />,
  }),
  col.accessor('actionLabel', {
    header: 'Action',
    meta: { cardTitle: true },
    cell: ({ row }) => (
      <span className="font-medium text-slate-900" title={row.original.action}>
        {row.original.actionLabel}
      </span>
    ),
  }),
  col.display({
    id: 'record',
    header: 'Record',
    cell: ({ row }) => <RecordCell item={row.original} />,
  }),
  col.display({
    id: 'actor',
    header: 'By',
    cell: ({ row }) => (
      <span className="block min-w-44 break-words text-slate-700">{row.original.actor.label}</span>
    ),
  }),
  col.display({
    id: 'details',
    header: () => <span className="sr-only">Details</span>,
    cell: ({ row }) => (
      <Button
        variant="link"
        size="sm"
        onClick={() => open(row.original.id)}
        aria-label={`Details of ${row.original.actionLabel} ${row.original.entityLabel ?? ''}`.trim()}
      >
        Details
      </Button>
    ),
  }),
];

function RecordCell({ item }: { item: ActivityItem }) {
  const name = item.entityLabel ?? (item.entityId ? item.entityId.slice(0, 8) : null);
  return (
    <span className="flex min-w-52 flex-wrap items-baseline gap-x-1.5">
      <span className="text-slate-600">{item.entityTypeLabel}</span>
      {name &&
        (item.href ? (
          <Link
            href={item.href}
            className="font-medium break-all text-indigo-700 underline-offset-2 hover:underline"
          >
            {name}
          </Link>
        ) : (
          <span className="font-mono text-xs text-slate-600" title={item.entityId ?? undefined}>
            {name}
            {item.entityLabel === null && ' (deleted)'}
          </span>
        ))}
    </span>
  );
}

const FILTER_KEYS = ['actor', 'action', 'entityType', 'entityId', 'from', 'to'] as const;

const actionOptions = Object.entries(auditActionLabels)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
const entityTypeOptions = Object.entries(auditEntityTypeLabels).map(([value, label]) => ({
  value,
  label,
}));

/** The organization's audit log: filters (who, what, which record type, which days) live in the URL. */
export function ActivityTable() {
  const state = useTableSearchParams(FILTER_KEYS);
  const list = useQuery({
    queryKey: activityKeys.list(state.query),
    queryFn: () => activityApi.list(state.query),
    placeholderData: (previous) => previous,
  });
  const actors = useQuery({
    queryKey: activityKeys.actors(),
    queryFn: activityApi.actors,
    staleTime: 60_000,
  });
  const filtered = Boolean(state.search) || FILTER_KEYS.some((k) => state.filters[k]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [columns] = useState(() => columnsWith(setOpenId));

  return (
    <>
      <EventDetailDialog id={openId} onClose={() => setOpenId(null)} />
      <DataTable
        label="Activity"
        columns={columns}
        {...listQueryProps(list)}
        state={state}
        exportHref={exportUrl('/api/v1/console/audit/export', state.query)}
        searchPlaceholder="Search actions, records, people…"
        getRowId={(r) => r.id}
        toolbar={
          <>
            <FilterSelect
              state={state}
              filterKey="actor"
              label="By"
              showLabel
              className="w-52"
              placeholder="Anyone"
              options={(actors.data?.data ?? [])
                .filter((a) => a.id)
                .map((a) => ({ value: a.id!, label: a.label }))}
            />
            <FilterSelect
              state={state}
              filterKey="action"
              label="Action"
              showLabel
              className="w-52"
              placeholder="All actions"
              options={withCurrent(actionOptions, state.filters.action)}
            />
            <FilterSelect
              state={state}
              filterKey="entityType"
              label="Record type"
              showLabel
              className="w-40"
              placeholder="All records"
              options={withCurrent(entityTypeOptions, state.filters.entityType)}
            />
            <DayFilter state={state} filterKey="from" label="From" />
            <DayFilter state={state} filterKey="to" label="To" />
            {filtered && (
              <Button variant="secondary" size="sm" onClick={state.reset}>
                Clear filters
              </Button>
            )}
          </>
        }
        emptyState={
          <EmptyState
            title={filtered ? 'No activity matches these filters' : 'No activity yet'}
            description={
              filtered
                ? 'Widen the date range, clear a filter, or search with three characters or more to match record names and people.'
                : 'Changes made through the console or the API appear here.'
            }
          />
        }
      />
    </>
  );
}

/** A filter value from a link (e.g. an action added later) stays selectable. */
function withCurrent(options: { value: string; label: string }[], current: string | undefined) {
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

function DayFilter({
  state,
  filterKey,
  label,
}: {
  state: TableSearchState;
  filterKey: 'from' | 'to';
  label: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-600">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        className="w-40"
        value={state.filters[filterKey] ?? ''}
        // The range cannot be turned inside out from the date picker.
        min={filterKey === 'to' ? state.filters.from : undefined}
        max={filterKey === 'from' ? state.filters.to : undefined}
        onChange={(e) => state.setFilter(filterKey, e.target.value)}
        aria-describedby={`${id}-zone`}
      />
      <span id={`${id}-zone`} className="sr-only">
        Days in UTC
      </span>
    </div>
  );
}
