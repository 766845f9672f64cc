'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

export type UrlPatch = Record<string, string | number | null | undefined>;

/**
 * The page's search params as a plain object, and a setter that merges a patch into the URL with
 * router.replace (no history entry per keystroke, no scroll jump). null/undefined/'' removes a key.
 */
export function useUrlState() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();

  const params = useMemo(() => Object.fromEntries(searchParams.entries()) as Record<string, string>, [searchParams]);

  const setParams = useCallback(
    (patch: UrlPatch) => {
      const next = new URLSearchParams(searchParams.toString());
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const qs = next.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [router, pathname, searchParams],
  );

  return [params, setParams] as const;
}

export type TableSearchDefaults = {
  limit?: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
};

export type TableSearchState = {
  page: number;
  limit: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  search: string;
  filters: Record<string, string | undefined>;
  /** The list query for a Family A list route (defaults and empty values left out). */
  query: Record<string, string | number>;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSort: (sortBy: string, sortOrder: 'asc' | 'desc') => void;
  setSearch: (search: string) => void;
  /** Sets one filter (empty clears it) and goes back to page 1. */
  setFilter: (key: string, value: string | null | undefined) => void;
  reset: () => void;
};

function positiveInt(value: string | undefined, fallback: number): number {
  return value && /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : fallback;
}

/**
 * Page, limit, sort, search and the given filter keys, kept in the URL so a list can be
 * bookmarked, shared and survives reloads. Changing anything but the page goes back to page 1.
 */
export function useTableSearchParams(filterKeys: readonly string[] = [], defaults: TableSearchDefaults = {}): TableSearchState {
  const [params, setParams] = useUrlState();
  const defaultLimit = defaults.limit ?? 20;
  const defaultSortBy = defaults.sortBy ?? 'createdAt';
  const defaultSortOrder = defaults.sortOrder ?? 'desc';

  const page = positiveInt(params.page, 1);
  const limit = Math.min(100, positiveInt(params.limit, defaultLimit));
  const sortBy = params.sortBy || defaultSortBy;
  const sortOrder = params.sortOrder === 'asc' || params.sortOrder === 'desc' ? params.sortOrder : defaultSortOrder;
  const search = params.search ?? '';
  const filterKeyList = filterKeys.join(',');

  const filters = useMemo(() => {
    const out: Record<string, string | undefined> = {};
    for (const key of filterKeyList ? filterKeyList.split(',') : []) out[key] = params[key] || undefined;
    return out;
  }, [params, filterKeyList]);

  const query = useMemo(() => {
    const q: Record<string, string | number> = { page, limit, sortBy, sortOrder };
    if (search.trim()) q.search = search.trim();
    for (const [key, value] of Object.entries(filters)) if (value) q[key] = value;
    return q;
  }, [page, limit, sortBy, sortOrder, search, filters]);

  return {
    page,
    limit,
    sortBy,
    sortOrder,
    search,
    filters,
    query,
    setPage: (p) => setParams({ page: p <= 1 ? null : p }),
    setLimit: (l) => setParams({ limit: l === defaultLimit ? null : l, page: null }),
    setSort: (by, order) =>
      setParams({
        sortBy: by === defaultSortBy && order === defaultSortOrder ? null : by,
        sortOrder: by === defaultSortBy && order === defaultSortOrder ? null : order,
        page: null,
      }),
    setSearch: (s) => setParams({ search: s.trim() || null, page: null }),
    setFilter: (key, value) => setParams({ [key]: value || null, page: null }),
    reset: () => {
      const patch: Record<string, null> = { page: null, limit: null, sortBy: null, sortOrder: null, search: null };
      for (const key of Object.keys(filters)) patch[key] = null;
      setParams(patch);
    },
  };
}
