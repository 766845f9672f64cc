'use client';

import { StatusBadge } from '@/components/console/status-badge';
import type { ColumnDef } from '@/components/ui/data-table';
import { FilterSelect } from '@/components/ui/filter-select';
import type { TableSearchState } from '@/components/ui/use-url-state';
import type { NftItem } from './api';

const options = [
  { value: 'AWAITING', label: 'Awaiting authorization' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'COPYRIGHTED', label: 'Copyrighted' },
  { value: 'NONE', label: 'No holders' },
] as const;

/** The NFT list's copyright filter (A5 `copyrightStatus`), kept in the URL like the others. */
export function CopyrightFilter({ state }: { state: Pick<TableSearchState, 'filters' | 'setFilter'> }) {
  return (
    <FilterSelect
      state={state}
      filterKey="copyrightStatus"
      label="Copyright"
      showLabel
      className="w-52"
      placeholder="Any copyright state"
      options={options}
    />
  );
}

export const copyrightColumn: ColumnDef<NftItem> = {
  id: 'copyrightStatus',
  header: 'Copyright',
  cell: ({ row }) =>
    row.original.copyrightStatus === 'NONE' ? (
      <span className="text-slate-400">—</span>
    ) : (
      <StatusBadge status={row.original.copyrightStatus} />
    ),
};
