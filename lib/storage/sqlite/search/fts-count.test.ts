import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, smartContracts } from '@/db/schema';
import { searchNfts } from '@/lib/nft-search/service';
import { listNfts } from '@/lib/nfts/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { createTestOrg } from '@/test/helpers';
import { insertContract, insertNft } from '@/test/nft-fixtures';
import { clearCountCache } from './count-cache';
import { readCounter } from './counters';
import { columnMatch, ftsPhrase } from './fts';
import { organizationFtsCount } from './fts-count';
import { check } from './maintenance';
import { searchTuning } from './tuning';
import { shortTermToken } from '../grams';

/*
 * Totals read off the trigram index alone (lib/storage/sqlite/search/fts-count.ts) against the scan they stand
 * for: LIKE for A5, B1's folds for B1. The organization under test holds more NFTs than the other
 * one (so the index path may answer); texts that some fold turns into ASCII — U+212A KELVIN SIGN,
 * U+017F LONG S, U+0130 İ — must switch it off, or the index would count what the scan does not.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let contractId: string;

const texts = [
  'Golden harbor',
  'GOLDEN meadow',
  'amber Lantern',
  'an amber-ish glow',
  'goldenrod field',
  '100% gold',
  'gold_leaf',
  'Harbour view',
];
const terms = [
  'golden',
  'GOLD',
  'amber',
  'harbo',
  'old',
  '100%',
  'd_l',
  'en me',
  'nothing here',
  'sta',
  'kel',
  'taxi',
  'kelvin kelvin',
  'station',
];

const a5Total = async (search: string, organizationId = org.organization.id) =>
  (await listNfts(sqliteStore(getDb()), organizationId, {
    page: 1,
    limit: 5,
    search,
    sortBy: 'createdAt',
    sortOrder: 'desc',
  })).pagination.total;
const b1Total = async (body: Record<string, unknown>) =>
  (await searchNfts(sqliteStore(getDb()), org.organization.id, { pageNumber: 1, pageSize: 5, ...body })).totalCount;

/** The scans the totals stand for, over the base tables. */
function likeCount(term: string, organizationId = org.organization.id) {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return getDb().get<{ n: number }>(
    sql`select count(*) as n from nfts where organization_id = ${organizationId} and (name like ${pattern} escape '\\' or description like ${pattern} escape '\\')`,
  ).n;
}
function jsNameCount(term: string) {
  const rows = getDb()
    .select({ name: nfts.name })
    .from(nfts)
    .where(eq(nfts.organizationId, org.organization.id))
    .all();
  return rows.filter((r) => r.name.toLowerCase().includes(term.toLowerCase())).length;
}

/** Whether the index path answers for this A5 term right now. */
const indexAnswers = (term: string) =>
  organizationFtsCount(
    getDb(),
    org.organization.id,
    columnMatch(['name', 'description'], ftsPhrase(term, 'A')!),
  ) !== null;

async function expectExact() {
  clearCountCache();
  for (const term of terms) {
    expect(await a5Total(term), `A5 ${term}`).toBe(likeCount(term));
    expect(
      await b1Total({ advancedSearch: { fields: ['name'], keyword: term } }),
      `B1 name ${term}`,
    ).toBe(jsNameCount(term));
    expect(
      await b1Total({ advancedFilter: { field: 'name', operator: 'contains', value: term } }),
      `B1 contains ${term}`,
    ).toBe(jsNameCount(term));
  }
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  contractId = (await insertContract(org.organization.id, { name: 'Plain contract' })).id;
  const otherContract = (await insertContract(other.organization.id, { name: 'Other contract' }))
    .id;
  for (let i = 0; i < 40; i++)
    await insertNft(org.organization.id, contractId, {
      name: `${texts[i % texts.length]} ${i}`,
      description: i % 3 ? null : texts[(i + 3) % texts.length],
    });
  // The other organization holds the same words: the index sees them, the totals must not.
  for (let i = 0; i < 12; i++)
    await insertNft(other.organization.id, otherContract, {
      name: `${texts[i % texts.length]} elsewhere`,
    });
});

describe('exact totals off the trigram index', () => {
  it('answers for ASCII terms while no NFT of the organization holds a character folded into ASCII, and equals the scan', async () => {
    expect(readCounter(getDb(), org.organization.id, 'nfts:fold_unsafe')).toBe(0);
    for (const term of ['golden', 'amber', '100%', 'd_l'])
      expect(indexAnswers(term), term).toBe(true);
    await expectExact();
    // Nothing of the other organization is counted.
    expect(await a5Total('golden')).toBeLessThan(
      likeCount('golden') + likeCount('golden', other.organization.id),
    );
    expect(await a5Total('elsewhere')).toBe(0);
  });

  it('subtracts the other organizations\' matches exactly whether it looks their rows up or tests every match against them', async () => {
    const db = getDb();
    const harbor = columnMatch(['name', 'description'], ftsPhrase('harbor', 'A')!);
    const go = `"${shortTermToken('go')}"`;
    const counts = () => [
      organizationFtsCount(db, org.organization.id, harbor),
      organizationFtsCount(db, org.organization.id, go, 'search_nfts_short'),
      organizationFtsCount(db, org.organization.id, go, 'search_nfts_short', { expr: harbor, index: 'search_nfts' }),
    ];
    const both = (a: string, b: string) =>
      db.get<{ n: number }>(
        sql`select count(*) as n from nfts where organization_id = ${org.organization.id} and (name like ${`%${a}%`} or description like ${`%${a}%`}) and (name like ${`%${b}%`} or description like ${`%${b}%`})`,
      ).n;
    const scanned = [likeCount('harbor'), likeCount('go'), both('go', 'harbor')];
    // The other organization's NFTs hold the same words: a count that did not subtract them is off.
    for (const term of ['harbor', 'go']) expect(likeCount(term, other.organization.id), term).toBeGreaterThan(0);
    expect(scanned[2]).toBeGreaterThan(0);
    const saved = searchTuning.ftsCountLookups;
    try {
      // Each path counts afresh: counts are cached per write generation.
      searchTuning.ftsCountLookups = 500;
      clearCountCache();
      expect(counts()).toEqual(scanned);
      searchTuning.ftsCountLookups = 0;
      clearCountCache();
      expect(counts()).toEqual(scanned);
      await expectExact();
    } finally {
      searchTuning.ftsCountLookups = saved;
    }
  });

  it('counts an expression once per write generation, whoever asks', async () => {
    const db = getDb();
    const harbor = columnMatch(['name', 'description'], ftsPhrase('harbor', 'A')!);
    const proto = Object.getPrototypeOf(db.$client.prepare('select 1')) as Record<'get', (...args: unknown[]) => unknown>;
    const original = proto.get;
    let counted = 0;
    proto.get = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.includes('count(*)') && this.source.includes('match')) counted++;
      return original.apply(this, args);
    };
    try {
      clearCountCache();
      const first = organizationFtsCount(db, org.organization.id, harbor);
      expect(first).toBe(likeCount('harbor'));
      const once = counted;
      expect(once).toBeGreaterThan(0);
      expect(organizationFtsCount(db, org.organization.id, harbor)).toBe(first);
      expect(counted).toBe(once);
      // A write of the organization (a new generation): counted again, and exact.
      await insertNft(org.organization.id, contractId, { name: 'one more harbor' });
      expect(organizationFtsCount(db, org.organization.id, harbor)).toBe(first! + 1);
      expect(counted).toBe(2 * once);
    } finally {
      proto.get = original;
    }
  });

  it('steps aside when the other organizations hold more NFTs than this one', async () => {
    expect(
      organizationFtsCount(getDb(), other.organization.id, columnMatch(['name'], '"golden"')),
    ).toBeNull();
    clearCountCache();
    expect(await a5Total('golden', other.organization.id)).toBe(
      likeCount('golden', other.organization.id),
    );
  });

  for (const [label, text, where] of [
    ['KELVIN SIGN in a name', 'Kelvin \u212Aelvin', 'name'],
    ['LONG S in a description', '\u017Ftation', 'description'],
    ['İ in a token URI', 'ipfs://TAX\u0130', 'tokenUri'],
  ] as const) {
    it(`steps aside while an NFT holds a ${label}, and the totals stay the scan's`, async () => {
      const nft = await insertNft(org.organization.id, contractId, {
        name: where === 'name' ? text : 'plain name',
        [where]: text,
      });
      expect(readCounter(getDb(), org.organization.id, 'nfts:fold_unsafe')).toBe(1);
      expect(indexAnswers('golden')).toBe(false);
      // Where the index alone would have been wrong: it folds these characters into ASCII letters.
      const indexOnly = (term: string) =>
        getDb().get<{ n: number }>(
          sql`select count(*) as n from search_nfts where search_nfts match ${columnMatch(['name', 'description'], ftsPhrase(term, 'A')!)}`,
        ).n;
      if (where === 'name')
        expect(indexOnly('kelvin kelvin')).toBeGreaterThan(likeCount('kelvin kelvin'));
      if (where === 'description')
        expect(indexOnly('station')).toBeGreaterThan(likeCount('station'));
      await expectExact();
      expect(check(getDb().$client).problems).toEqual([]);
      getDb().delete(nfts).where(eq(nfts.id, nft.id)).run();
      expect(readCounter(getDb(), org.organization.id, 'nfts:fold_unsafe')).toBe(0);
      expect(indexAnswers('golden')).toBe(true);
    });
  }

  it('keeps the count exact through updates, contract renames and moves, and db check catches a tampered count', async () => {
    const db = getDb();
    const nft = await insertNft(org.organization.id, contractId, { name: 'plain' });
    const count = () => readCounter(db, org.organization.id, 'nfts:fold_unsafe');
    db.update(nfts).set({ licence: 'Lic\u212Ance' }).where(eq(nfts.id, nft.id)).run();
    expect(count()).toBe(1);
    db.update(nfts).set({ name: 'still plain' }).where(eq(nfts.id, nft.id)).run();
    expect(count()).toBe(1);
    db.update(nfts).set({ licence: 'Licence' }).where(eq(nfts.id, nft.id)).run();
    expect(count()).toBe(0);
    // A contract's name reaches its NFTs through their stored fold (İ leaves U+0307 there).
    const tainted = await insertContract(org.organization.id, { name: 'Plain two' });
    await insertNft(org.organization.id, tainted.id, { name: 'one' });
    await insertNft(org.organization.id, tainted.id, { name: 'two' });
    db.update(smartContracts)
      .set({ name: '\u0130stanbul' })
      .where(eq(smartContracts.id, tainted.id))
      .run();
    expect(count()).toBe(2);
    await expectExact();
    db.update(nfts)
      .set({ smartContractId: contractId })
      .where(eq(nfts.smartContractId, tainted.id))
      .run();
    expect(count()).toBe(0);
    expect(check(db.$client).problems).toEqual([]);
    db.$client
      .prepare(
        `update search_counters set n = 5 where organization_id = ? and name = 'nfts:fold_unsafe'`,
      )
      .run(org.organization.id);
    expect(check(db.$client).problems.join('\n')).toMatch(/nfts:fold_unsafe: 5 \(actual 0\)/);
    db.$client
      .prepare(
        `update search_counters set n = 0 where organization_id = ? and name = 'nfts:fold_unsafe'`,
      )
      .run(org.organization.id);
    await expectExact();
  });
});
