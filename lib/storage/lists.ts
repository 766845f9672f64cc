/**
 * What every list's engine query module answers (issue 28, docs/architecture.md): the ids of one
 * page in the list's order and the exact number of rows the list's filter matches. The domain
 * service loads the page's rows by id and builds the envelope; how the ids and the total are found
 * — indexes, planner hints, search structures, counters, anchors, tuning — is the engine's.
 */
export type IdsPage = { ids: string[]; total: number };

/** The rows of a page, loaded by id in any order, put back in the page's order. */
export function inPageOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
