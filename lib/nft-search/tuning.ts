/**
 * B1's fast-path sizes. Production uses the defaults; tests shrink them so that small data sets take
 * the same code paths as a million rows.
 */
export const b1Tuning = {
  /**
   * A search whose trigram-index expression has at least this many hits (over all organizations)
   * is "common": its page is read by walking the sort index and testing the predicate row by row
   * (stops when the page is full) instead of materialising and sorting every hit.
   */
  probeLimit: 2000,
};
