import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/db/schema';
import { auditEvents, nfts, outboxEmails } from '@/lib/storage/tables';
import { POST as deployRoute } from '@/app/api/v1/cl2c/contract/[id]/deploy/route';
import { POST as createContractRoute } from '@/app/api/v1/cl2c/contract/route';
import { POST as mintRoute } from '@/app/api/v1/cl2c/nft/[id]/mint/route';
import { POST as createNftRoute } from '@/app/api/v1/cl2c/nft/route';
import { POST as decideRoute } from '@/app/api/copyright/[token]/route';
import { getContent, parseCid } from '@/lib/content-store/store';
import { provisionCustodialWallet } from '@/lib/wallets/service';
import { call, createTestOrg, memberSessionHeaders } from '@/test/helpers';
import { insertMember } from '@/test/nft-fixtures';
import { getStore } from '@/lib/storage/current';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let contractId: string;
let a: User;
let b: User;
const h = () => ({ 'x-api-key': org.apiKey });

async function tokenFor(email: string): Promise<string> {
  const [mail] = await (await getStore())
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return mail!.text.match(/\/copyright\/([A-Za-z0-9_-]{43})/)![1]!;
}

const sessions = new Map<string, Record<string, string>>();

/** The holder answers through their link, signed in as themselves (the link alone is not the person). */
const authorize = async (email: string, location: string) =>
  call(decideRoute, {
    method: 'POST',
    params: { token: await tokenFor(email) },
    headers: sessions.get(email),
    body: { decision: 'AUTHORIZE', location },
  });

beforeAll(async () => {
  org = await createTestOrg();
  const created = await call(createContractRoute, {
    method: 'POST',
    headers: h(),
    body: { name: 'Minted Rights', symbol: 'MRT' },
  });
  contractId = created.json.id as string;
  expect(
    (await call(deployRoute, { method: 'POST', headers: h(), params: { id: contractId } })).status,
  ).toBe(200);
  a = await insertMember(org.organization.id, { userName: 'mint.ana' });
  b = await insertMember(org.organization.id, { userName: 'mint.ben' });
  await provisionCustodialWallet(await getStore(), a.id);
  await provisionCustodialWallet(await getStore(), b.id);
  for (const u of [a, b]) sessions.set(u.email, await memberSessionHeaders(u));
});

describe('minting once copyrighted (local chain driver)', () => {
  it('waits for every holder, then mints through the one entry point with the record CID in the token metadata', async () => {
    const res = await call(createNftRoute, {
      method: 'POST',
      headers: h(),
      body: {
        name: 'Consented',
        smartContractId: contractId,
        licence: 'CC-BY-NC-4.0',
        copyright: [
          { userId: a.id, percentage: 55 },
          { userId: b.id, percentage: 45 },
        ],
      },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.json.id as string;
    expect(res.json.status).toBe('CREATED');

    expect((await authorize(a.email, 'Lisbon')).json.copyrightStatus).toBe('AWAITING');
    const early = await call(mintRoute, { method: 'POST', headers: h(), params: { id } });
    expect(early.status).toBe(409);
    expect(early.json.details).toEqual([
      'copyright: waiting for every copyright holder to authorize',
    ]);
    const store = await getStore();
    const nftRow = async () => (await store.select().from(nfts).where(eq(nfts.id, id)).limit(1))[0]!;
    expect((await nftRow()).status).toBe('CREATED');

    const last = await authorize(b.email, 'Porto');
    expect(last.status, last.text).toBe(200);
    expect(last.json.copyrightStatus).toBe('COPYRIGHTED');

    const row = await nftRow();
    expect(row).toMatchObject({
      status: 'MINTED',
      copyrightStatus: 'COPYRIGHTED',
      licence: 'CC-BY-NC-4.0',
    });
    expect(row.tokenId).toEqual(expect.any(Number));
    expect(row.mintTransactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    // The token's metadata (what its uri points at) names the signed copyright record.
    expect(row.tokenUri).toMatch(/^ipfs:\/\//);
    const metadata = await getContent(parseCid(row.tokenUri!.slice('ipfs://'.length))!);
    const json = JSON.parse(metadata!.bytes.toString('utf8'));
    expect(json.properties.copyright).toMatchObject({
      record: `ipfs://${row.copyrightRecordCid}`,
      licence: 'CC-BY-NC-4.0',
      signature: row.signature,
    });
    const record = await getContent(parseCid(row.copyrightRecordCid!)!);
    expect(record!.bytes.toString('utf8')).toBe(row.copyrightMetadata);
    const actions = (
      await store.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, id))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['copyright.authorize', 'copyright.record_signed', 'nft.mint']),
    );
  });
});
