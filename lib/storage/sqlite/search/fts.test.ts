import { describe, expect, it } from 'vitest';
import { copyrightStatuses, nftStatuses } from '@/db/enums';
import { facetPhrase } from './fts';

describe('search_nfts facets', () => {
  // One trigram per value, made of the value's first letter: two values sharing it would share a
  // trigram, and a filter on one would count the other's rows too.
  it.each([
    ['status', nftStatuses],
    ['copyright', copyrightStatuses],
  ] as const)('every %s value has its own phrase', (kind, values) => {
    const phrases = values.map((v) => facetPhrase(kind, v));
    expect(new Set(phrases).size).toBe(values.length);
    expect(new Set(values.map((v) => v[0])).size).toBe(values.length);
  });

  it('the two kinds never share a phrase', () => {
    const status = nftStatuses.map((v) => facetPhrase('status', v));
    expect(copyrightStatuses.map((v) => facetPhrase('copyright', v)).filter((p) => status.includes(p))).toEqual([]);
  });
});
