import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { nfts, smartContracts } from '@/db/schema';
import { clearCountCache } from '@/lib/storage/sqlite/search/count-cache';
import { organizationFtsCount } from '@/lib/storage/sqlite/search/fts-count';
import { b1Grams, b1TermToken } from '@/lib/storage/sqlite/grams';
import { check } from '@/lib/storage/sqlite/search/maintenance';
import { createTestOrg } from '@/test/helpers';
import { expectCheckCatchesAndReindexRepairs } from '@/test/fts-tamper';
import { insertContract, insertMember, insertNft, insertShare } from '@/test/nft-fixtures';
import { compileSearch } from '@/lib/nft-search/filter';
import { bindSearch } from './columns';
import { searchIndex } from './search-index';
import type { SearchNftsBody } from '@/lib/nft-search/schemas';
import { searchNfts } from '@/lib/nft-search/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';

/*
 * One- and two-character B1 searches through B1's short-term index (`search_nfts_b1_short`,
 * db/migrations/0015_b1_short_terms.sql) against a brute force over the API's own items: the
 * keyword search reads every keyword field (text, numbers, booleans, dates as the JSON shows them)
 * folded like JavaScript. Same rows, same totals, nothing of another organization, every write
 * reflected at once.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
type Item = Record<string, string | number | boolean | null> & { id: string };
let org: Org;
let other: Org;
let contractId: string;

/** The keyword fields as DESIGN lists them (written out here, independently of lib/nft-search/fields.ts). */
const keywordFields = [
  'name',
  'description',
  'externalUrl',
  'imagePath',
  'smartContractName',
  'supply',
  'minted',
  'mintedAt',
  'mintTransactionHash',
  'mintLogs',
  'tokenId',
  'tokenUri',
  'tokenOwner',
  'copyrighted',
  'copyrightMetadata',
  'copyrightedAt',
  'licence',
  'signature',
  'createdAt',
  'updatedAt',
];

const names = [
  'Harbor Lights',
  'Café Crème',
  'CAFÉ NOIR',
  'Straße ẞ',
  'Rocket 🚀 launch',
  '100% pure',
  'snake_case',
  'İstanbul',
  'Kelvin \u212A',
  'ΟΔΟΣ',
];

const b1 = async (body: SearchNftsBody, organizationId = org.organization.id) =>
  searchNfts(sqliteStore(getDb()), organizationId, { pageSize: 100, ...body });
const ids = (page: { data: { id: string }[] }) => page.data.map((d) => d.id).sort();

async function items(organizationId = org.organization.id): Promise<Item[]> {
  return JSON.parse(JSON.stringify((await b1({}, organizationId)).data)) as Item[];
}
function holds(item: Item, fields: string[], term: string) {
  const k = term.toLowerCase();
  return fields.some(
    (f) => item[f] !== null && item[f] !== undefined && String(item[f]).toLowerCase().includes(k),
  );
}
async function want(term: string, fields = keywordFields, organizationId = org.organization.id) {
  return (await items(organizationId))
    .filter((item) => holds(item, fields, term))
    .map((i) => i.id)
    .sort();
}

/** Every one- and two-character substring of every keyword field's text, as is, upper- and lower-cased. */
async function shortTerms(): Promise<string[]> {
  const terms = new Set<string>(['q', 'Q', '%', '_', '"', ' ', 'ǅ', 'zz', '\u0307']);
  for (const item of (await items())) {
    for (const f of keywordFields) {
      if (item[f] === null || item[f] === undefined) continue;
      const chars = Array.from(String(item[f]));
      chars.forEach((c, i) => {
        for (const t of [c, chars.slice(i, i + 2).join('')])
          for (const v of [t, t.toUpperCase(), t.toLowerCase()]) terms.add(v);
      });
    }
  }
  return [...terms].filter((t) => Array.from(t).length <= 2);
}

async function expectBruteForceEverywhere() {
  clearCountCache();
  const terms = (await shortTerms());
  expect(terms.length).toBeGreaterThan(300);
  for (const term of terms) {
    const expected = (await want(term));
    const page = (await b1({ keyword: term }));
    expect(page.totalCount, `total for ${JSON.stringify(term)}`).toBe(expected.length);
    expect(ids(page), `rows for ${JSON.stringify(term)}`).toEqual(expected);
  }
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  contractId = (await insertContract(org.organization.id, { name: 'Ünïcode Works' })).id;
  const second = (await insertContract(org.organization.id, { name: 'Éclat' })).id;
  for (const [i, name] of names.entries())
    await insertNft(org.organization.id, i % 3 ? contractId : second, {
      name,
      description: i % 2 ? `About ${names[(i + 3) % names.length]}` : null,
      licence: i % 4 === 0 ? 'CC-BY ß' : null,
      externalUrl: i === 1 ? 'https://example.test/x?y=%20' : null,
      supply: 7 + i * 13,
      status: i % 3 === 0 ? 'MINTED' : 'CREATED',
      tokenId: i % 3 === 0 ? 40 + i : null,
      mintedAt: i % 3 === 0 ? new Date(Date.UTC(2026, 6, 1 + i, 9, 8, 7, 65)) : null,
      mintTransactionHash: i === 3 ? `0x${'ab'.repeat(32)}` : null,
      tokenOwner: i === 3 ? `0x${'Cd'.repeat(20)}` : null,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1001),
    });
  // The other organization holds the same names: found by the index, never counted here.
  const elsewhere = (await insertContract(other.organization.id, { name: 'Elsewhere' })).id;
  for (const name of names.slice(0, 4)) await insertNft(other.organization.id, elsewhere, { name });
});

describe("B1's short-term index", () => {
  it('holds one token per distinct one- and two-character substring of each value, folded as JavaScript folds', () => {
    expect(b1Grams('Ab', null, 'b').split(' ').sort()).toEqual(['b61x62', 'u61', 'u62']);
    expect(b1Grams('É')).toBe('ue9');
    expect(b1Grams('ẞ')).toBe('udf');
    expect(b1Grams('İ')).toBe('u69 b69x307 u307');
    expect(b1Grams('\u212A')).toBe('u6b');
    expect(b1Grams(null, 42)).toBe('');
    expect(b1TermToken('é')).toBe('ue9');
    expect(b1TermToken('abc')).toBeNull();
    expect(b1TermToken('')).toBeNull();
  });

  it('answers every one- and two-character keyword exactly as the brute force does, through the index', async () => {
    (await expectBruteForceEverywhere());
    for (const term of (await shortTerms()).filter((t) => b1TermToken(t.toLowerCase()))) {
      expect(searchIndex(bindSearch(compileSearch({ keyword: term }))), term).toMatchObject({
        table: 'search_nfts_b1_short',
        exact: true,
      });
    }
    // Spot checks, so the brute force is not trivially empty or total.
    expect((await b1({ keyword: 'é' })).totalCount).toBe((await b1({ keyword: 'É' })).totalCount);
    expect((await b1({ keyword: 'ss' })).totalCount).toBe(0);
    expect((await b1({ keyword: 'ß' })).totalCount).toBeGreaterThan(0);
    // Dates and booleans are part of the keyword text: 'u' is in 'true' (minted), '-' in every date.
    expect(ids((await b1({ keyword: '-' })))).toHaveLength(names.length);
    expect((await b1({ keyword: ':0' })).totalCount).toBe((await want(':0')).length);
  });

  it('reads an unfiltered total off the index alone, counting only this organization', async () => {
    for (const term of ['h', 'ca', 'é', '🚀', 'zz', '7']) {
      const token = b1TermToken(term)!;
      expect(
        organizationFtsCount(getDb(), org.organization.id, `"${token}"`, 'search_nfts_b1_short'),
        term,
      ).toBe((await want(term)).length);
    }
    expect((await want('h', keywordFields, other.organization.id)).length).toBeGreaterThan(0);
    clearCountCache();
    expect((await b1({ keyword: 'h' }, other.organization.id)).totalCount).toBe(
      (await want('h', keywordFields, other.organization.id)).length,
    );
  });

  it('narrows advancedSearch over a field list, contains/startswith/endswith filters and a contract to the exact rows', async () => {
    clearCountCache();
    for (const term of ['a', 'É', '0', 'ue', ' p', '%']) {
      for (const fields of [['name'], ['licence', 'mintedAt'], ['copyrighted']]) {
        const page = (await b1({ advancedSearch: { fields, keyword: term } }));
        expect(ids(page), `${term} in ${fields.join()}`).toEqual((await want(term, fields)));
        expect(page.totalCount).toBe((await want(term, fields)).length);
      }
      for (const operator of ['contains', 'startswith', 'endswith'] as const) {
        const page = (await b1({ advancedFilter: { field: 'name', operator, value: term } }));
        const k = term.toLowerCase();
        const expected = (await items())
          .filter((i) => {
            const name = String(i.name).toLowerCase();
            return operator === 'contains'
              ? name.includes(k)
              : operator === 'startswith'
                ? name.startsWith(k)
                : name.endsWith(k);
          })
          .map((i) => i.id)
          .sort();
        expect(ids(page), `name ${operator} ${term}`).toEqual(expected);
      }
      const inContract = (await b1({ smartContractId: contractId, keyword: term }));
      expect(ids(inContract), `${term} in the contract`).toEqual(
        (await items())
          .filter((i) => i.smartContractId === contractId && holds(i, keywordFields, term))
          .map((i) => i.id)
          .sort(),
      );
    }
    const narrowed = searchIndex(
      bindSearch(
        compileSearch({ advancedFilter: { field: 'licence', operator: 'contains', value: 'ß' } }),
      ),
    );
    expect(narrowed).toMatchObject({ table: 'search_nfts_b1_short', exact: false });
    // An id or enum field is not in the index: such a search is tested row by row, still exact.
    expect(
      searchIndex(
        bindSearch(compileSearch({ advancedSearch: { fields: ['status'], keyword: 'mi' } })),
      ),
    ).toBeNull();
    expect(ids((await b1({ advancedSearch: { fields: ['status'], keyword: 'mi' } })))).toEqual(
      (await want('mi', ['status'])),
    );
    expect((await want('mi', ['status']))).toHaveLength(4);
    // A field that cannot hold the term matches nothing (it used to leave the keyword out: every row).
    expect(
      (await b1({ advancedSearch: { fields: ['supply', 'copyrighted'], keyword: 'harbor' } })).totalCount,
    ).toBe(0);
    expect((await b1({ advancedSearch: { fields: ['supply'], keyword: 'x' } })).totalCount).toBe(0);
  });

  it('follows NFT edits, status changes, contract renames and deletes in the same transaction', async () => {
    const db = getDb();
    const nft = await insertNft(org.organization.id, contractId, { name: 'Qx only' });
    expect(ids((await b1({ keyword: 'qx' })))).toEqual([nft.id]);
    db.update(nfts).set({ name: 'renamed', licence: 'Wq' }).where(eq(nfts.id, nft.id)).run();
    expect((await b1({ keyword: 'qx' })).totalCount).toBe(0);
    expect(ids((await b1({ keyword: 'wQ' })))).toEqual([nft.id]);
    // 'tr' is in 'true': minting makes every keyword of 'true' match.
    expect(ids((await b1({ keyword: 'tr' })))).not.toContain(nft.id);
    db.update(nfts).set({ status: 'MINTED' }).where(eq(nfts.id, nft.id)).run();
    expect(ids((await b1({ keyword: 'tr' })))).toContain(nft.id);
    expect(ids((await b1({ keyword: 'tr' })))).toEqual((await want('tr')));
    // 'ue' is in 'true': an authorized copyright share makes `copyrighted` true (a trigger on the shares).
    const unminted = await insertNft(org.organization.id, contractId, { name: 'Plain' });
    expect(ids((await b1({ keyword: 'ue' })))).not.toContain(unminted.id);
    await insertShare(unminted.id, (await insertMember(org.organization.id)).id, 'AUTHORIZED', 100);
    expect(ids((await b1({ keyword: 'ue' })))).toContain(unminted.id);
    expect(ids((await b1({ keyword: 'ue' })))).toEqual((await want('ue')));
    db.delete(nfts).where(eq(nfts.id, unminted.id)).run();
    db.update(smartContracts)
      .set({ name: 'Ǭ Works' })
      .where(eq(smartContracts.id, contractId))
      .run();
    expect((await b1({ keyword: 'ǭ' })).totalCount).toBe((await want('ǭ')).length);
    expect((await b1({ keyword: 'ǭ' })).totalCount).toBeGreaterThan(1);
    expect((await b1({ keyword: 'ün' })).totalCount).toBe(0);
    db.delete(nfts).where(eq(nfts.id, nft.id)).run();
    expect((await b1({ keyword: 'wq' })).totalCount).toBe(0);
    (await expectBruteForceEverywhere());
    expect(check(db.$client).problems).toEqual([]);
  });

  it('db check reports a missing or stale entry, and db reindex repairs it', async () => {
    const sqlite = getDb().$client;
    const { r } = sqlite
      .prepare('select rowid as r from nfts where organization_id = ? limit 1')
      .get(org.organization.id) as { r: number };
    expectCheckCatchesAndReindexRepairs(sqlite, 'search_nfts_b1_short', r, 'u7a');
    (await expectBruteForceEverywhere());
  });
});
