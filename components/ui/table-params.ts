/** Pure helpers behind useTableSearchParams (kept apart so they can be unit-tested). */

export type TableSearchDefaults = {
  limit?: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
};

export type TableParams = {
  page: number;
  limit: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  search: string;
  filters: Record<string, string | undefined>;
  /** The list query for a Family A list route (empty values left out). */
  query: Record<string, string | number>;
};

export type UrlPatch = Record<string, string | number | null | undefined>;

export const MAX_LIMIT = 100;

function positiveInt(value: string | undefined, fallback: number): number {
  return value && /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : fallback;
}

/**
 * Reads the list state from search params. Hand-edited nonsense (page=abc, limit=0, order=up)
 * falls back to the defaults instead of sending the API a request it would reject.
 */
export function readTableParams(
  params: Record<string, string | undefined>,
  filterKeys: readonly string[] = [],
  defaults: TableSearchDefaults = {},
): TableParams {
  const page = positiveInt(params.page, 1);
  const limit = Math.min(MAX_LIMIT, positiveInt(params.limit, defaults.limit ?? 20));
  const sortBy = params.sortBy || defaults.sortBy || 'createdAt';
  const sortOrder =
    params.sortOrder === 'asc' || params.sortOrder === 'desc'
      ? params.sortOrder
      : (defaults.sortOrder ?? 'desc');
  const search = params.search ?? '';
  const filters: Record<string, string | undefined> = {};
  for (const key of filterKeys) filters[key] = params[key] || undefined;
  const query: Record<string, string | number> = { page, limit, sortBy, sortOrder };
  if (search.trim()) query.search = search.trim();
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return { page, limit, sortBy, sortOrder, search, filters, query };
}

/** Merges a patch into a query string; null/undefined/'' removes the key. */
export function mergeSearchParams(current: string, patch: UrlPatch): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next.toString();
}

/** The URL patches of the table actions: anything but a page change goes back to page 1. */
export function tablePatches(filterKeys: readonly string[], defaults: TableSearchDefaults = {}) {
  const defaultLimit = defaults.limit ?? 20;
  const defaultSortBy = defaults.sortBy ?? 'createdAt';
  const defaultSortOrder = defaults.sortOrder ?? 'desc';
  return {
    page: (p: number): UrlPatch => ({ page: p <= 1 ? null : p }),
    limit: (l: number): UrlPatch => ({ limit: l === defaultLimit ? null : l, page: null }),
    sort: (by: string, order: 'asc' | 'desc'): UrlPatch => {
      const isDefault = by === defaultSortBy && order === defaultSortOrder;
      return { sortBy: isDefault ? null : by, sortOrder: isDefault ? null : order, page: null };
    },
    search: (s: string): UrlPatch => ({ search: s.trim() || null, page: null }),
    filter: (key: string, value: string | null | undefined): UrlPatch => ({
      [key]: value || null,
      page: null,
    }),
    reset: (): UrlPatch => {
      const patch: UrlPatch = {
        page: null,
        limit: null,
        sortBy: null,
        sortOrder: null,
        search: null,
      };
      for (const key of filterKeys) patch[key] = null;
      return patch;
    },
  };
}

/** The export URL of a list's current filter: its query without paging. */
export function exportUrl(path: string, query: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (key !== 'page' && key !== 'limit') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
