import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as exportNftsRoute } from '@/app/api/v1/console/export/nfts/route';
import { GET as holdersRoute } from '@/app/api/v1/cl2c/nft/holders/route';
import { GET as metadataRoute } from '@/app/api/v1/cl2c/nft/[id]/metadata/route';
import { DELETE as deleteRoute } from '@/app/api/v1/cl2c/nft/[id]/route';
import { GET as listRoute } from '@/app/api/v1/cl2c/nft/route';
import { auditEvents, copyrightShares, nfts, userOrganizations } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { insertContract, insertMember, insertNft, insertShare } from '@/test/nft-fixtures';
import { parseCsv } from '@/test/csv';

/*
 * The NFT services on the Store, through their routes, on the engine of the run (this file is in
 * test/postgres/suite.ts): A5 pages and the CSV export agree row for row, holders, the metadata
 * JSON of a traceability-only NFT, and DELETE with its refusals. Rows are written through the Store.
 */

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let session: Record<string, string>;
let contractId: string;
const h = (o = org) => ({ 'x-api-key': o.apiKey });

/** Every id of the A5 list for `query`, page after page (newest first). */
async function listedIds(query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await call(listRoute, { headers: h(), query: { ...query, page, limit: 100 } });
    expect(res.status, res.text).toBe(200);
    ids.push(...res.json.data.map((d: { id: string }) => d.id));
    if (page >= res.json.pagination.totalPages) return ids;
  }
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  session = await adminSessionHeaders(org.admin.email);
  contractId = (await insertContract(org.organization.id, { name: 'Export Harbor' })).id;
  const elsewhere = await insertContract(other.organization.id, { name: 'Elsewhere' });
  // 1,103 NFTs in one statement, many sharing a creation millisecond, so the export's chunk
  // borders (500 rows) fall inside ties.
  const base = Date.UTC(2026, 0, 1);
  const store = await getStore();
  await store.insert(nfts).values(
    Array.from({ length: 1103 }, (_, i) => ({
      organizationId: org.organization.id,
      smartContractId: contractId,
      name: i % 3 === 0 ? `Harbor light ${i}` : `Field ${i}`,
      description: i % 5 === 0 ? 'line one\nline, two' : null,
      status: i % 4 === 0 ? ('MINTED' as const) : ('CREATED' as const),
      tokenId: i % 4 === 0 ? i : null,
      createdAt: new Date(base + (i % 11)),
      updatedAt: new Date(base),
    })),
  );
  await insertNft(other.organization.id, elsewhere.id, { name: 'Harbor elsewhere' });
});

describe('GET /console/export/nfts on the Store', () => {
  it.each<Record<string, string>>([{}, { search: 'harbor' }, { search: 'LI' }, { search: 'harbor', status: 'MINTED' }, { search: 'elsewhere' }])(
    'gives exactly the A5 rows, newest first, across chunk borders: %j',
    async (query: Record<string, string>) => {
      const res = await call(exportNftsRoute, { headers: session, query });
      expect(res.status, res.text).toBe(200);
      const [header, ...rows] = parseCsv(res.text);
      expect(header![0]).toBe('id');
      const listed = await listedIds(query);
      expect(rows.map((r) => r[0])).toEqual(listed);
      if (!query.search) expect(rows).toHaveLength(1103);
      if (query.search === 'elsewhere') expect(rows).toEqual([]);
      // Multi-line descriptions and their commas come back whole.
      const described = rows.find((r) => r[2]);
      if (described) expect(described[2]).toBe('line one\nline, two');
    },
  );
});

describe('NFT holders, metadata and delete on the Store', () => {
  it('holders: active members only, searched case-insensitively, ordered by e-mail', async () => {
    const a = await insertMember(org.organization.id, { email: `b-holder-${crypto.randomUUID().slice(0, 6)}@example.test`, name: 'Quill Maker' });
    const b = await insertMember(org.organization.id, { email: `a-holder-${crypto.randomUUID().slice(0, 6)}@example.test`, name: 'Quill Other' });
    const suspended = await insertMember(org.organization.id, { name: 'Quill Suspended' });
    const store = await getStore();
    await store
      .update(userOrganizations)
      .set({ status: 'SUSPENDED' })
      .where(and(eq(userOrganizations.userId, suspended.id), eq(userOrganizations.organizationId, org.organization.id)));
    await insertMember(other.organization.id, { name: 'Quill Elsewhere' });
    const res = await call(holdersRoute, { headers: h(), query: { search: 'qUILL' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.map((d: { id: string }) => d.id)).toEqual([b.id, a.id]);
  });

  it('metadata of a traceability-only NFT is built from the record; another organization’s is 404', async () => {
    const nft = await insertNft(org.organization.id, contractId, {
      name: 'Meta one',
      description: 'described',
      externalUrl: 'https://example.test/x',
      metadata: { colour: 'blue', size: 3, nested: { no: true } },
    });
    const res = await call(metadataRoute, { headers: h(), params: { id: nft.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      name: 'Meta one',
      description: 'described',
      external_url: 'https://example.test/x',
      attributes: [
        { trait_type: 'colour', value: 'blue' },
        { trait_type: 'size', value: 3 },
      ],
    });
    expect((await call(metadataRoute, { headers: h(other), params: { id: nft.id } })).status).toBe(404);
  });

  it('deletes an unminted NFT with its shares and audits it; minted, copyrighted and foreign ones stay', async () => {
    const store = await getStore();
    const holder = await insertMember(org.organization.id);
    const plain = await insertNft(org.organization.id, contractId, { name: 'Delete me' });
    await insertShare(plain.id, holder.id, 'PENDING', 100);
    const del = (id: string, o = org) => call(deleteRoute, { method: 'DELETE', headers: h(o), params: { id } });

    const res = await del(plain.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: 'NFT deleted.', deletedNft: { id: plain.id, name: 'Delete me' } });
    expect(await store.select().from(nfts).where(eq(nfts.id, plain.id))).toEqual([]);
    expect(await store.select().from(copyrightShares).where(eq(copyrightShares.nftId, plain.id))).toEqual([]);
    const audit = await store.select().from(auditEvents).where(eq(auditEvents.entityId, plain.id));
    expect(audit.map((a) => a.action)).toEqual(['nft.delete']);
    expect((await del(plain.id)).status).toBe(404);

    const minted = await insertNft(org.organization.id, contractId, { status: 'MINTED', mintedAt: new Date() });
    const copyrighted = await insertNft(org.organization.id, contractId, { copyrightedAt: new Date('2026-11-22T10:00:00.000Z') });
    const a = await del(minted.id);
    expect(a.status).toBe(409);
    expect(a.json).toEqual({ error: 'A minted NFT cannot be deleted: it exists on chain.', details: [`id: NFT ${minted.id} is MINTED`] });
    const b = await del(copyrighted.id);
    expect(b.status).toBe(409);
    expect(b.json.details).toEqual([`id: NFT ${copyrighted.id} was copyrighted at 2026-11-22T10:00:00.000Z`]);
    expect((await del(minted.id, other)).status).toBe(404);
    const left = await store.select({ id: nfts.id }).from(nfts).where(eq(nfts.smartContractId, contractId));
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([minted.id, copyrighted.id]));
    const refused = await store.select().from(auditEvents).where(eq(auditEvents.entityId, minted.id));
    expect(refused).toEqual([]);
  });
});
