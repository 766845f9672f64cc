import { runtimeSlot } from '@/lib/runtime';

/**
 * The lists' and searches' caches (totals, paging anchors, plans, work in flight), each a named part
 * of one runtime slot instead of a module-level Map: Next.js may load an engine module in more than
 * one bundle, and every bundle must share one cache. An entry is tagged with the write generation it
 * was read in, so sharing only spares reads; it never makes an answer stale.
 */
const slot = runtimeSlot<Map<string, unknown>>('listCaches');

/** The part of the cache called `name`, made by `make` the first time any bundle asks for it. */
export function listCache<T>(name: string, make: () => T): T {
  const parts = slot.getOrCreate(() => new Map());
  if (!parts.has(name)) parts.set(name, make());
  return parts.get(name) as T;
}
