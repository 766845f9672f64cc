'use client';

import { useId, type ReactNode } from 'react';
import { Select, type SelectOption } from './select';
import type { TableSearchState } from './use-url-state';

/**
 * A list filter kept in the URL: a labelled <select> bound to one filter key of a table's
 * search-param state (empty = no filter, and changing it goes back to page 1).
 */
export function FilterSelect({
  state,
  filterKey,
  label,
  showLabel = false,
  placeholder,
  options,
  className,
  children,
}: {
  state: Pick<TableSearchState, 'filters' | 'setFilter'>;
  filterKey: string;
  /** The accessible name; shown beside the control when `showLabel`. */
  label: string;
  showLabel?: boolean;
  placeholder: string;
  options: readonly SelectOption[];
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={showLabel ? 'text-sm text-slate-600' : 'sr-only'}>
        {label}
      </label>
      <Select
        id={id}
        className={className}
        placeholder={placeholder}
        options={options}
        value={state.filters[filterKey] ?? ''}
        onChange={(e) => state.setFilter(filterKey, e.target.value)}
      >
        {children}
      </Select>
    </div>
  );
}
