import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts } from '@/db/schema';
import { listNfts } from '@/lib/nfts/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { createTestOrg } from '@/test/helpers';
import { expectCheckCatchesAndReindexRepairs } from '@/test/fts-tamper';
import { insertContract, insertNft } from '@/test/nft-fixtures';
import { clearCountCache } from './count-cache';
import { organizationFtsCount } from './fts-count';
import { shortGrams, shortTermToken } from '@/lib/storage/sqlite/grams';
import { check } from './maintenance';

/*
 * One- and two-character A5 searches through the short-term index (lib/storage/sqlite/grams.ts,
 * db/migrations/0014_short_terms.sql) against the LIKE scan they stand for: same rows, same
 * totals, nothing of another organization, every write reflected at once.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let contractId: string;

const texts = [
  'Harbor Lights',
  'harbor',
  'Café Crème',
  'CAFÉ NOIR',
  'Straße 5',
  'Rocket 🚀 launch',
  '100% pure',
  'snake_case',
  'a b',
  'Zz',
  'x',
  'İstanbul',
  'Kelvin \u212A',
];

function likeRows(term: string, organizationId = org.organization.id) {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return getDb()
    .all<{ id: string }>(
      sql`select id from nfts where organization_id = ${organizationId} and (name like ${pattern} escape '\\' or description like ${pattern} escape '\\')`,
    )
    .map((r) => r.id)
    .sort();
}
async function a5(term: string, organizationId = org.organization.id) {
  const page = await listNfts(sqliteStore(getDb()), organizationId, {
    page: 1,
    limit: 100,
    search: term,
    sortBy: 'name',
    sortOrder: 'asc',
  });
  return { total: page.pagination.total, ids: page.data.map((d) => d.id).sort() };
}
/** Every one- and two-character substring of the texts, in their case, upper case and lower case. */
function shortTerms(): string[] {
  const terms = new Set<string>(['%', '_', '\\', '"', ' ', 'q', 'Ǆ']);
  for (const text of texts) {
    const chars = Array.from(text);
    chars.forEach((c, i) => {
      for (const t of [c, chars.slice(i, i + 2).join('')])
        for (const v of [t, t.toUpperCase(), t.toLowerCase()]) terms.add(v);
    });
  }
  return [...terms].filter((t) => Array.from(t).length <= 2);
}
async function expectLikeEverywhere() {
  clearCountCache();
  for (const term of shortTerms()) {
    const want = likeRows(term);
    const got = await a5(term);
    expect(got.total, `total for ${JSON.stringify(term)}`).toBe(want.length);
    expect(got.ids, `rows for ${JSON.stringify(term)}`).toEqual(want);
  }
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  contractId = (await insertContract(org.organization.id, { name: 'Short terms' })).id;
  const otherContract = (await insertContract(other.organization.id, { name: 'Elsewhere' })).id;
  for (const [i, text] of texts.entries())
    await insertNft(org.organization.id, contractId, {
      name: text,
      description: i % 2 ? texts[(i + 5) % texts.length] : null,
    });
  // The other organization holds the same texts (fewer of them): found by the index, never counted here.
  for (const text of texts.slice(0, 5))
    await insertNft(other.organization.id, otherContract, { name: text });
});

describe('the short-term index', () => {
  it('holds one token per distinct one- and two-character substring, folded as LIKE folds (ASCII letters only), none across fields', () => {
    expect(shortGrams('Ab', null, 'b').split(' ').sort()).toEqual(['b61x62', 'u61', 'u62']);
    expect(shortGrams('aaa')).toBe('u61 b61x61');
    expect(shortGrams('a', 'b')).not.toContain('b61x62');
    expect(shortGrams('É')).toBe('uc9');
    expect(shortGrams('🚀')).toBe('u1f680');
    expect(shortGrams(null, 42, undefined)).toBe('');
    expect(shortTermToken('A')).toBe('u61');
    expect(shortTermToken('aB')).toBe('b61x62');
    expect(shortTermToken('🚀x')).toBe('b1f680x78');
    expect(shortTermToken('abc')).toBeNull();
    expect(shortTermToken('')).toBeNull();
  });

  it('answers every one- and two-character A5 search exactly as LIKE does (é ≠ É, % and _ literal, spans across words)', async () => {
    expect(shortTerms().length).toBeGreaterThan(100);
    await expectLikeEverywhere();
    // Spot checks of what LIKE means, so the brute force above is not trivially empty.
    expect((await a5('é')).total).toBe(likeRows('é').length);
    expect(likeRows('é')).not.toEqual(likeRows('É'));
    expect((await a5('%')).total).toBeGreaterThan(0);
    expect((await a5('_')).total).toBeLessThan((await a5('a')).total);
    expect((await a5('a ')).total).toBeGreaterThan(0);
    // U+212A KELVIN SIGN is not an ASCII letter: LIKE does not fold it to 'k', and neither does the index.
    expect(shortTermToken('\u212A')).not.toBe(shortTermToken('k'));
  });

  it('reads an unfiltered total off the index alone, counting only this organization', async () => {
    for (const term of ['h', 'HA', 'é', '🚀', 'zz']) {
      const token = shortTermToken(term)!;
      expect(
        organizationFtsCount(getDb(), org.organization.id, `"${token}"`, 'search_nfts_short'),
        term,
      ).toBe(likeRows(term).length);
    }
    expect(likeRows('harbor', other.organization.id).length).toBeGreaterThan(0);
    // The other organization holds fewer NFTs than all the rest: its totals come from the scan, still exact.
    expect(
      organizationFtsCount(getDb(), other.organization.id, '"u68"', 'search_nfts_short'),
    ).toBeNull();
    clearCountCache();
    expect((await a5('h', other.organization.id)).total).toBe(likeRows('h', other.organization.id).length);
  });

  it('follows renames, new descriptions and deletes in the same transaction', async () => {
    const nft = await insertNft(org.organization.id, contractId, { name: 'Qx only' });
    expect((await a5('qx')).ids).toEqual([nft.id]);
    getDb()
      .update(nfts)
      .set({ name: 'renamed', description: 'now Wq' })
      .where(eq(nfts.id, nft.id))
      .run();
    expect((await a5('qx')).total).toBe(0);
    expect((await a5('wQ')).ids).toEqual([nft.id]);
    getDb().delete(nfts).where(eq(nfts.id, nft.id)).run();
    expect((await a5('wq')).total).toBe(0);
    await expectLikeEverywhere();
    expect(check(getDb().$client).problems).toEqual([]);
  });

  it('db check reports a missing or stale entry, and db reindex repairs it', async () => {
    const sqlite = getDb().$client;
    // The NFT named 'x' holds one token, as many as the stale entry: only the probe by its own
    // token tells them apart (it used to pick a row at random, and passed unless it picked this one).
    const { r } = sqlite
      .prepare("select rowid as r from nfts where organization_id = ? and name = 'x'")
      .get(org.organization.id) as { r: number };
    expectCheckCatchesAndReindexRepairs(sqlite, 'search_nfts_short', r, 'u7a');
    await expectLikeEverywhere();
  });
});
