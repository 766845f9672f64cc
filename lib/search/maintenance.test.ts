import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createTestOrg } from '@/test/helpers';
import { insertContract, insertNft } from '@/test/nft-fixtures';
import { check, decodeSizes } from './maintenance';

describe('db check on long values', () => {
  it('decodes FTS5 docsize varints most significant byte first', () => {
    expect(decodeSizes(Buffer.from([0x05, 0x00, 0x7f]))).toEqual([5, 0, 127]);
    expect(decodeSizes(Buffer.from([0x81, 0x00]))).toEqual([128]);
    expect(decodeSizes(Buffer.from([0x82, 0x2a, 0x03]))).toEqual([298, 3]);
    expect(decodeSizes(Buffer.from([0x81, 0x80, 0x00]))).toEqual([16384]);
  });

  it('passes for texts of more than 128 trigrams and rows of more than 128 short-term tokens', async () => {
    const org = await createTestOrg();
    const contractId = insertContract(org.organization.id).id;
    const long = Array.from({ length: 40 }, (_, i) => `word${i} ünïcödé`).join(' ');
    expect(long.length).toBeGreaterThan(400);
    insertNft(org.organization.id, contractId, { name: long.slice(0, 200), description: long, licence: long, mintLogs: long });
    expect(check(getDb().$client).problems).toEqual([]);
  });
});
