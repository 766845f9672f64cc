import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { createTestOrg } from '@/test/helpers';
import { insertContract, insertNft } from '@/test/nft-fixtures';
import { ftsSources } from './derived';
import { check, decodeSizes, reindex } from './maintenance';

describe('db check on long values', () => {
  it('decodes FTS5 docsize varints most significant byte first', () => {
    expect(decodeSizes(Buffer.from([0x05, 0x00, 0x7f]))).toEqual([5, 0, 127]);
    expect(decodeSizes(Buffer.from([0x81, 0x00]))).toEqual([128]);
    expect(decodeSizes(Buffer.from([0x82, 0x2a, 0x03]))).toEqual([298, 3]);
    expect(decodeSizes(Buffer.from([0x81, 0x80, 0x00]))).toEqual([16384]);
  });

  it('passes for texts of more than 128 trigrams and rows of more than 128 short-term tokens', async () => {
    const org = await createTestOrg();
    const contractId = (await insertContract(org.organization.id)).id;
    const long = Array.from({ length: 40 }, (_, i) => `word${i} ünïcödé`).join(' ');
    expect(long.length).toBeGreaterThan(400);
    await insertNft(org.organization.id, contractId, {
      name: long.slice(0, 200),
      description: long,
      licence: long,
      mintLogs: long,
    });
    expect(check(getDb().$client).problems).toEqual([]);
  });

  it('reports an entry replaced by other text of the same length (its own text no longer finds it)', async () => {
    const org = await createTestOrg();
    const contractId = (await insertContract(org.organization.id)).id;
    const nft = await insertNft(org.organization.id, contractId, { name: 'abcdef' });
    await insertNft(org.organization.id, contractId, { name: 'abcdef too' });
    const sqlite = getDb().$client;
    const { r } = sqlite.prepare('select rowid as r from nfts where id = ?').get(nft.id) as {
      r: number;
    };
    // Same trigram count (4) in the name column, other text; another NFT still holds 'abcdef'.
    const fts = ftsSources.find((f) => f.table === 'search_nfts')!;
    const [, ...values] = sqlite
      .prepare(`select * from (${fts.source}) where rid = ?`)
      .raw()
      .get(r) as unknown[];
    values[fts.columns.indexOf('name')] = 'uvwxyz';
    sqlite.exec(`delete from search_nfts where rowid = ${r}`);
    sqlite
      .prepare(
        `insert into search_nfts (rowid, ${fts.columns.join(', ')}) values (?, ${fts.columns.map(() => '?').join(', ')})`,
      )
      .run(r, ...values);
    expect(check(sqlite).problems.join('\n')).toMatch(
      new RegExp(`search_nfts rowid ${r}: name is not found by its own text`),
    );
    reindex(sqlite);
    expect(check(sqlite).problems).toEqual([]);
  });

  it('reports an NFT whose status another tool wrote outside the enum', async () => {
    const org = await createTestOrg();
    const contractId = (await insertContract(org.organization.id)).id;
    const nft = await insertNft(org.organization.id, contractId, { name: 'odd status' });
    const sqlite = getDb().$client;
    sqlite.prepare(`update nfts set status = 'minted' where id = ?`).run(nft.id);
    expect(check(sqlite).problems).toContain(`nfts ${nft.id}: status "minted" is not one of CREATED, PENDING, MINTED, FAILED`);
    sqlite.prepare(`update nfts set status = 'MINTED' where id = ?`).run(nft.id);
    // Written outside the app: its derived data waits for db reindex, as for any such write.
    reindex(sqlite);
    expect(check(sqlite).problems).toEqual([]);
  });
});
