'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import {
  mergeSearchParams,
  readTableParams,
  tablePatches,
  type TableParams,
  type TableSearchDefaults,
  type UrlPatch,
} from './table-params';

export type { TableSearchDefaults, UrlPatch } from './table-params';

/**
 * The page's search params as a plain object, and a setter that merges a patch into the URL with
 * router.replace (no history entry per keystroke, no scroll jump). null/undefined/'' removes a key.
 */
export function useUrlState() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();

  const params = useMemo(
    () => Object.fromEntries(searchParams.entries()) as Record<string, string>,
    [searchParams],
  );

  const setParams = useCallback(
    (patch: UrlPatch) => {
      const qs = mergeSearchParams(searchParams.toString(), patch);
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [router, pathname, searchParams],
  );

  return [params, setParams] as const;
}

export type TableSearchState = TableParams & {
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSort: (sortBy: string, sortOrder: 'asc' | 'desc') => void;
  setSearch: (search: string) => void;
  /** Sets one filter (empty clears it) and goes back to page 1. */
  setFilter: (key: string, value: string | null | undefined) => void;
  /** Clears search, filters, sort and paging. */
  reset: () => void;
};

/**
 * Page, limit, sort, search and the given filter keys, kept in the URL so a list can be
 * bookmarked, shared and survives reloads. Changing anything but the page goes back to page 1.
 *   const table = useTableSearchParams(['status', 'contractId'], { sortBy: 'createdAt' });
 *   useQuery({ queryKey: nftKeys.list(table.query), queryFn: () => apiFetch(path, { query: table.query }) })
 */
export function useTableSearchParams(
  filterKeys: readonly string[] = [],
  defaults: TableSearchDefaults = {},
): TableSearchState {
  const [params, setParams] = useUrlState();
  const filterKey = filterKeys.join(',');
  const { limit: dLimit, sortBy: dSortBy, sortOrder: dSortOrder } = defaults;
  const state = useMemo(() => {
    const keys = filterKey ? filterKey.split(',') : [];
    const options = { limit: dLimit, sortBy: dSortBy, sortOrder: dSortOrder };
    return { read: readTableParams(params, keys, options), patches: tablePatches(keys, options) };
  }, [params, filterKey, dLimit, dSortBy, dSortOrder]);
  const { read, patches } = state;
  return {
    ...read,
    setPage: (p) => setParams(patches.page(p)),
    setLimit: (l) => setParams(patches.limit(l)),
    setSort: (by, order) => setParams(patches.sort(by, order)),
    setSearch: (s) => setParams(patches.search(s)),
    setFilter: (key, value) => setParams(patches.filter(key, value)),
    reset: () => setParams(patches.reset()),
  };
}
