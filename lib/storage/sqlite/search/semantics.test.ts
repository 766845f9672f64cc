import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { invitations, nfts, organizations, smartContracts, userOrganizations, users } from '@/db/schema';
import { listContracts } from '@/lib/contracts/service';
import { sqliteStore } from '@/lib/storage/sqlite/store';
import { listMembers } from '@/lib/members/service';
import { searchNfts } from '@/lib/nft-search/service';
import { listNfts } from '@/lib/nfts/service';
import { ftsPhrase } from './fts';

/*
 * Search semantics through the trigram index are those of the scan they replace:
 * Family A — SQL LIKE: case-insensitive for ASCII letters only, `%`/`_` literal;
 * Family B — JavaScript toLowerCase on both sides, then "contains".
 */
const names = [
  'Harbor Lights',
  'harbor',
  'Café Crème',
  'CAFÉ NOIR',
  'Straße 5',
  'STRASSE 6',
  'Rocket 🚀 launch',
  '100% pure',
  '100 percent',
  'snake_case name',
  'snakeXcase name',
  'İstanbul nights',
  'TAXİ rank',
  'Kelvin K scale',
  'ab',
  'b',
];

let org = '';
const ids = new Map<string, string>();

beforeAll(() => {
  const db = getDb();
  org = db.insert(organizations).values({ name: 'sem', tenant: `sem-${crypto.randomUUID()}` }).returning().get().id;
  const contract = db.insert(smartContracts).values({ organizationId: org, name: 'Semantics', symbol: 'SEM' }).returning().get();
  names.forEach((name, i) => {
    const row = db
      .insert(nfts)
      .values({ organizationId: org, smartContractId: contract.id, name, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
      .returning()
      .get();
    ids.set(row.id, name);
    db.insert(smartContracts).values({ organizationId: org, name, symbol: `S${i}` }).run();
    const user = db.insert(users).values({ email: `p${i}-${Math.floor(Math.random() * 1e9)}@example.test`, name }).returning().get();
    db.insert(userOrganizations).values({ organizationId: org, userId: user.id }).run();
  });
  db.insert(invitations).values({ organizationId: org, email: 'snake_case@example.test', tokenHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + 1e9) }).run();
});

const a5 = async (search: string) =>
  (await listNfts(sqliteStore(getDb()), org, { page: 1, limit: 100, search, status: undefined, contractId: undefined, sortBy: 'name', sortOrder: 'asc' })).data.map((d) => d.name);
const a1 = async (search: string) =>
  (await listContracts(sqliteStore(getDb()), org, { page: 1, limit: 100, search, status: undefined, sortBy: 'name', sortOrder: 'asc' })).data.map((d) => d.name);
const a9 = async (search: string) =>
  (await listMembers(sqliteStore(getDb()), org, { page: 1, limit: 100, search, status: undefined, hasWallet: undefined, sortBy: 'email', sortOrder: 'asc' })).data
    .filter((d) => d.kind === 'member')
    .map((d) => d.user.name ?? d.email);
const b1 = async (keyword: string) =>
  (await searchNfts(sqliteStore(getDb()), org, { pageSize: 100, advancedSearch: { fields: ['name'], keyword }, orderBy: ['createdAt'] })).data.map((d) => d.name);

describe('Family A search (LIKE semantics) through the trigram index', () => {
  it.each([
    ['1-character term', 'b', ['ab', 'b', 'Harbor Lights', 'harbor', 'İstanbul nights']],
    ['2-character term', 'AB', ['ab']],
    ['ASCII case-insensitive', 'HARBOR', ['Harbor Lights', 'harbor']],
    ['term spanning two words', 'bor lig', ['Harbor Lights']],
    ['% is literal', '0%', ['100% pure']],
    ['_ is literal', 'e_c', ['snake_case name']],
    ['emoji', '🚀', ['Rocket 🚀 launch']],
    ['emoji inside a longer term', 't 🚀 l', ['Rocket 🚀 launch']],
    ['non-ASCII letters match in their own case only (as LIKE does)', 'café', ['Café Crème']],
    ['non-ASCII upper case', 'CAFÉ', ['CAFÉ NOIR']],
    ['ß is not SS', 'straße', ['Straße 5']],
    ['no match', 'zzz', []],
  ])('%s: %s', async (_what, term, expected) => {
    expect((await a5(term)).sort()).toEqual([...expected].sort());
    expect((await a1(term)).sort()).toEqual([...expected].sort());
    expect((await a9(term)).sort()).toEqual([...expected].sort());
  });

  it('invitations are searched by e-mail with literal _', async () => {
    const found = await listMembers(sqliteStore(getDb()), org, { page: 1, limit: 100, search: 'e_c', status: 'PENDING', hasWallet: undefined, sortBy: 'email', sortOrder: 'asc' });
    expect(found.data.map((d) => d.email)).toEqual(['snake_case@example.test']);
  });
});

describe('Family B keyword (JavaScript case folding) through the trigram index', () => {
  it.each([
    ['1-character term', 'B', ['Harbor Lights', 'harbor', 'ab', 'b']],
    ['2-character term', 'Ab', ['ab']],
    ['non-ASCII case-insensitive', 'café', ['Café Crème', 'CAFÉ NOIR']],
    ['upper-case non-ASCII term', 'CRÈME', ['Café Crème']],
    ['ß', 'straße', ['Straße 5']],
    ['SS does not match ß', 'strasse', ['STRASSE 6']],
    ['emoji', '🚀 lau', ['Rocket 🚀 launch']],
    ['% literal', '100%', ['100% pure']],
    ['_ literal', 'snake_', ['snake_case name']],
    ['spanning words', 'r lig', ['Harbor Lights']],
    ['İ lowers to i + combining dot (JavaScript)', 'i̇stanbul', ['İstanbul nights']],
    ['a term ending in i matches İ (JavaScript lowers it to i + U+0307)', 'taxi', ['TAXİ rank']],
    ['Kelvin sign lowers to k', 'k scale', ['Kelvin K scale']],
  ])('%s: %s', async (_what, term, expected) => {
    const lowered = term.toLowerCase();
    const all = [...ids.values()];
    const brute = all.filter((n) => n.toLowerCase().includes(lowered));
    const found = (await b1(term)).sort();
    expect(found).toEqual([...brute].sort());
    if (expected.length) expect(found).toEqual(expect.arrayContaining(expected));
  });

  it('uses the index only where it finds a superset', () => {
    expect(ftsPhrase('ab', 'A')).toBeNull();
    expect(ftsPhrase('abc', 'A')).toBe('"abc"');
    expect(ftsPhrase('a"bc', 'A')).toBe('"a""bc"');
    expect(ftsPhrase('taxi', 'B')).toBe('"tax"');
    expect(ftsPhrase('i̇st', 'B')).toBeNull();
    expect(ftsPhrase('ꭰꭰꭰ', 'B')).toBeNull();
  });
});
