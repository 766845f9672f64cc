'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { apiFetch } from '@/lib/http/client';

export type ContractOption = { id: string; name: string; symbol: string; status: string };

const CONTRACTS = '/api/v1/cl2c/contract';

/** Contracts matching a term (A1's `search`: name, symbol, description), by name. */
export function searchContracts(term: string, signal: AbortSignal) {
  return apiFetch<{ data: ContractOption[] }>(CONTRACTS, {
    query: { search: term, limit: 20, sortBy: 'name', sortOrder: 'asc' },
    signal,
  }).then((r) => r.data);
}

/**
 * A searchable contract picker over A1, for forms and list filters; any number of contracts.
 * `value` is a contract id; its name is fetched when only the id is known (e.g. from a link).
 */
export function ContractPicker({
  value,
  onChange,
  showStatus = false,
  ...rest
}: {
  value: string | null | undefined;
  onChange: (id: string | null, contract: ContractOption | null) => void;
  showStatus?: boolean;
  id?: string;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  const [picked, setPicked] = useState<ContractOption | null>(null);
  const known = picked && picked.id === value ? picked : null;
  const byId = useQuery({
    queryKey: ['contracts', 'picker', 'by-id', value],
    queryFn: ({ signal }) => apiFetch<ContractOption>(`/api/v1/console/contracts/${encodeURIComponent(value!)}`, { signal }),
    enabled: Boolean(value) && !known,
    staleTime: 60_000,
  });
  const selected = value ? (known ?? byId.data ?? null) : null;
  const label = (c: ContractOption) => `${c.name} (${c.symbol})`;
  return (
    <Combobox<ContractOption>
      {...rest}
      value={selected}
      onChange={(c) => {
        setPicked(c);
        onChange(c?.id ?? null, c);
      }}
      queryKey={(term) => ['contracts', 'picker', term]}
      fetchOptions={searchContracts}
      getKey={(c) => c.id}
      getLabel={label}
      renderOption={(c) => (
        <span className="flex items-baseline justify-between gap-3">
          <span>{label(c)}</span>
          {showStatus && <span className="text-xs opacity-75">{c.status}</span>}
        </span>
      )}
      emptyText="No contract matches."
    />
  );
}
