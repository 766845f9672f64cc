/**
 * Sizes of the fast paths. Production uses the defaults; tests shrink them so that small data
 * sets exercise the same code paths as a million rows (anchors, common-term walks).
 */
export const searchTuning = {
  /**
   * Rows between two paging anchors (lib/storage/sqlite/search/anchors.ts): a page costs one keyset seek plus at
   * most this many index steps; building anchors up to position p costs p steps once per write
   * generation, in statements of this size.
   */
  anchorInterval: 500,
  /**
   * A common term's walk first covers this many rows of the sort order, then eight times more
   * while that stays under `walkPerHit` × the term's matches; a page still not full is read off
   * the term's candidates, sorted (lib/storage/sqlite/search/paging.ts boundedPageIds). A 10 % term fills page 5
   * within ~1,000 rows. At a million NFTs (in-process, loaded machine) a walked row cost ~0.5 µs
   * on a covering index and a sorted hit ~5 µs.
   */
  walkBudget: 2_000,
  walkPerHit: 4,
  /**
   * The search for a common term's first match in a sort order (paging.ts firstMatchWalked) walks at
   * most this many rows per match before it reads the hits instead: a walked row costs about what
   * a hit read off the index does (its row looked up and tested), so walking past as many rows as
   * the term has matches does not pay. At `walkPerHit` (4), A5 `jagged co` by name (9.2k matches,
   * every one after the hundreds of thousands of names from `amber` to `ivory`) walked ~37k rows
   * in three segments before reading its hits.
   */
  firstMatchPerHit: 1,
  /**
   * firstMatchPerHit's multiplier for a walk that reads its sort index alone (SQLite's plan of the
   * walk says COVERING INDEX: a name searched on its own stored fold, walked in name order). A
   * walked entry then costs ~0.1 µs, where a hit read off the search index is looked up in the
   * table, tested and sorted (~3 µs). At a million NFTs, `willow` in names by name ascending (88k
   * matches): its first match read off its hits ~240 ms, walked in one pass of the name index 23 ms;
   * `frozen` contained in names, by name descending (~750k names before the first): ~110 ms walked.
   */
  coveredWalkFactor: 20,
  /**
   * A deep page's anchors are built in one pass over the index's matches (anchors.ts onePass)
   * when its offset k ≥ M² / N / onePassRatio (M matches of N rows): the pass reads every match
   * (~0.45 µs each, the walk to the page included), a walk tests k / density rows — 3 µs each
   * for a name (the row looked up), 6 µs for a keyword over every field. So a rare-ish term
   * (`golden`, 10 %) passes from ~1.3k rows on, a term in most rows (`en`, 56 %) past ~40k —
   * below that the walk is cheaper. Measured at a million NFTs (2026-11-28): `en` by contract
   * name, page 3,254, 0.79 s walked, 0.28 s in one pass.
   */
  onePassRatio: 8,
  /**
   * An exact count off a search index (fts-count.ts organizationFtsCount) subtracts the other
   * organizations' matches: up to this many NFTs elsewhere, by looking each one up in the index
   * (~5 µs each at a million NFTs, more per row past ~1,000); beyond, by testing every match
   * against their list (~0.06 µs per match).
   */
  ftsCountLookups: 500,
  /** A term with at least this many trigram-index hits is "common" (lib/storage/sqlite/search/fts.ts isCommon). */
  commonHits: 2000,
  /**
   * The same for A9's member search. Walking member_list tests each row with LIKEs over the row
   * and its user (a lookup), several times dearer per row than an NFT's name, so sorting the
   * hits stays cheaper up to more of them.
   */
  memberCommonHits: 10_000,
  /**
   * Below memberCommonHits, A9 still walks when the page is near the start of the order: when the
   * rows expected before the page's end — its position × the list's size / the search's exact
   * total — are at most this many times the trigram hits that sorting would read. Measured at 100k
   * members (in-process, warm): a walked row ~1.5 µs, a sorted hit ~4 µs.
   */
  memberWalkRatio: 2,
  /**
   * A B1 range total over supply sums at most this many (status, supply) rows of
   * nft_supply_counts (lib/storage/sqlite/nft-search/range-count.ts); a range over more distinct values is
   * counted off the paging anchors instead. Real editions hold a few dozen values; up to this
   * size the sum stays cheaper than one anchor walk.
   */
  supplyCountRows: 20_000,
  /**
   * B1's `copyrighted eq` filter is read off its own index — its rows looked up and sorted — when it
   * holds at most this share of the organization's NFTs and the page's order has no index of its
   * own for it (lib/storage/sqlite/lists/nft-search.ts sparseFilter). A walk of the sort index
   * tests each row and, when the copyrighted rows sit together far along the order (all CREATED,
   * sorted by status descending), crosses most of the tenant first: 5 s at a million NFTs; sorting
   * 50,000 candidates costs ~80 ms.
   */
  sparseFilterShare: 1 / 8,
};
