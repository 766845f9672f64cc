import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@/lib/storage/current';
import { auditEvents, copyrightShares, userOrganizations } from '@/lib/storage/tables';
import { GET as getContract } from '@/app/api/v1/cl2c/contract/route';
import { GET as listMembers } from '@/app/api/v1/cl2c/user/route';
import { GET as getIpfs } from '@/app/ipfs/[cid]/route';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import { computeCid } from '@/lib/content-store/store';
import { resetEnvCache } from '@/lib/env';
import { countingServer, PNG_1X1, GIF_BYTES, SVG_BYTES } from '@/lib/images/test-fixtures';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { call, createTestOrg } from '@/test/helpers';
import { GET as getHolders } from './holders/route';
import { GET as getMetadata } from './[id]/metadata/route';
import { GET as getOne, PUT as putOne } from './[id]/route';
import { GET, POST, PUT } from './route';
import { POST as createContract } from '../contract/route';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let contractId: string;
let otherContractId: string;
let alice: { id: string; email: string; wallet: string };
let bob: { id: string; email: string; wallet: string };
let suspended: { id: string };
let outsider: { id: string };

const h = (key = org.apiKey) => ({ 'x-api-key': key });
const uniq = () => crypto.randomUUID().slice(0, 8);
const pngDataUri = `data:image/png;base64,${PNG_1X1.toString('base64')}`;

async function member(orgId: string, label: string) {
  const email = `${label}-${uniq()}@example.test`;
  const r = await (await getStore()).transaction((tx) =>
    registerUserInOrganizationIn(tx, orgId, { email, firstName: label, lastName: 'Test', userName: `${label}_${uniq()}` }),
  );
  return { id: r.user.id, email, wallet: r.walletAddress };
}

async function newContract(key = org.apiKey) {
  const res = await call(createContract, { method: 'POST', headers: h(key), body: { name: `C ${uniq()}`, symbol: 'NFTC' } });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function create(body: Record<string, unknown>, key = org.apiKey) {
  const res = await call(POST, { method: 'POST', headers: h(key), body: { smartContractId: contractId, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function post(body: Record<string, unknown>) {
  return call(POST, { method: 'POST', headers: h(), body: { smartContractId: contractId, name: `N ${uniq()}`, ...body } });
}

function rootCount() {
  try {
    return readdirSync(path.join(process.env.DATA_DIR!, 'ipfs', 'roots')).length;
  } catch {
    return 0;
  }
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  contractId = await newContract();
  otherContractId = await newContract(other.apiKey);
  alice = await member(org.organization.id, 'alice');
  bob = await member(org.organization.id, 'bob');
  const s = await member(org.organization.id, 'sam');
  await (await getStore())
    .update(userOrganizations)
    .set({ status: 'SUSPENDED' })
    .where(and(eq(userOrganizations.userId, s.id), eq(userOrganizations.organizationId, org.organization.id)))
    ;
  suspended = s;
  outsider = await member(other.organization.id, 'otto');
});

describe('authentication and organization scope', () => {
  it('401 without a key and with a Family B key', async () => {
    expect((await call(GET)).status).toBe(401);
    expect((await call(GET, { headers: h(org.tenantApiKey) })).status).toBe(401);
    expect((await call(POST, { method: 'POST', body: { name: 'x', smartContractId: contractId } })).status).toBe(401);
  });

  it('another organization’s NFTs and contracts are 404 everywhere', async () => {
    const mine = await create({ name: `Scoped ${uniq()}` });
    const p = { params: { id: mine.id } };
    expect((await call(getOne, { headers: h(other.apiKey), ...p })).status).toBe(404);
    expect((await call(getMetadata, { headers: h(other.apiKey), ...p })).status).toBe(404);
    const a8 = await call(putOne, { method: 'PUT', headers: h(other.apiKey), body: { supply: 5 }, ...p });
    expect(a8.status).toBe(404);
    expect(a8.json).toEqual({ error: 'NFT not found.', details: [] });
    expect((await call(PUT, { method: 'PUT', headers: h(other.apiKey), body: { id: mine.id, status: 'MINTED' } })).status).toBe(404);
    const list = await call(GET, { headers: h(other.apiKey), query: { contractId } });
    expect(list.json.pagination.total).toBe(0);
    const foreign = await post({ smartContractId: otherContractId });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe('Smart contract not found.');
    expect((await post({ smartContractId: crypto.randomUUID() })).status).toBe(404);
    // Nothing changed for the owner.
    expect((await call(getOne, { headers: h(), ...p })).json.supply).toBe(1);
  });
});

describe('A6 POST /cl2c/nft', () => {
  it('creates an NFT from a data URI: image in the content store, metadata JSON too, 201 shape', async () => {
    const expectedCid = await computeCid(PNG_1X1);
    const nft = await create({
      name: 'Sunrise',
      description: 'First light',
      externalUrl: 'https://example.com/sunrise',
      imagePath: pngDataUri,
      metadata: { artist: 'Ann', edition: 1, tags: ['x'] },
      supply: 3,
    });
    expect(Object.keys(nft).sort()).toEqual(
      ['id', 'status', 'name', 'description', 'externalUrl', 'imagePath', 'supply', 'mintedAt', 'tokenId', 'createdAt', 'smartContract', 'metadata', 'copyright', 'totalOwners', 'copyrightStatus', 'licence'].sort(),
    );
    expect(nft).toMatchObject({
      status: 'CREATED',
      name: 'Sunrise',
      description: 'First light',
      externalUrl: 'https://example.com/sunrise',
      imagePath: `ipfs://${expectedCid}`,
      supply: 3,
      mintedAt: null,
      metadata: { artist: 'Ann', edition: 1, tags: ['x'] },
      copyright: [],
      totalOwners: 0,
    });
    expect(nft.smartContract).toEqual({
      id: contractId,
      name: expect.any(String),
      symbol: 'NFTC',
      contractAddress: null,
      status: 'CREATED',
      network: 'POLYGON',
      env: 'TESTNET',
    });

    const img = await call(getIpfs, { params: { cid: expectedCid } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(img.headers.get('etag')).toBe(`"${expectedCid}"`);

    const detail = (await call(getOne, { headers: h(), params: { id: nft.id } })).json;
    expect(detail.metadataUri).toMatch(/^ipfs:\/\/bafkrei/);
    expect(detail.tokenUri).toBe(detail.metadataUri);
    const metaCid = detail.metadataUri.slice(7);
    const meta = await call(getIpfs, { params: { cid: metaCid } });
    expect(meta.headers.get('content-type')).toBe('application/json');
    expect(meta.json).toEqual({
      name: 'Sunrise',
      description: 'First light',
      image: `ipfs://${expectedCid}`,
      external_url: 'https://example.com/sunrise',
      attributes: [
        { trait_type: 'artist', value: 'Ann' },
        { trait_type: 'edition', value: 1 },
      ],
    });
    expect(metaCid).toBe(await computeCid(Buffer.from(meta.text)));
    const served = await call(getMetadata, { headers: h(), params: { id: nft.id } });
    expect(served.json).toEqual(meta.json);
  });

  it('ingests raw base64, keeps an ipfs:// URI, and passes an explicit attributes array through', async () => {
    const fromB64 = await create({ name: `B64 ${uniq()}`, imagePath: GIF_BYTES.toString('base64') });
    expect(fromB64.imagePath).toBe(`ipfs://${await computeCid(GIF_BYTES)}`);
    const kept = 'ipfs://bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';
    const fromIpfs = await create({ name: `Ipfs ${uniq()}`, imagePath: kept, metadata: { attributes: [{ trait_type: 'eyes', value: 'blue' }] } });
    expect(fromIpfs.imagePath).toBe(kept);
    const meta = await call(getMetadata, { headers: h(), params: { id: fromIpfs.id } });
    expect(meta.json.attributes).toEqual([{ trait_type: 'eyes', value: 'blue' }]);
    expect(meta.json.image).toBe(kept);
  });

  it('without imagePath the NFT is traceability-only: metadata JSON served, content store untouched', async () => {
    const before = rootCount();
    const nft = await create({ name: 'Trace only', description: 'Batch 7', metadata: { lot: 'A7' } });
    expect(nft.imagePath).toBeNull();
    expect(rootCount()).toBe(before);
    const detail = (await call(getOne, { headers: h(), params: { id: nft.id } })).json;
    expect(detail.metadataUri).toBe(`http://127.0.0.1:3999/api/v1/cl2c/nft/${nft.id}/metadata`);
    const meta = await call(getMetadata, { headers: h(), params: { id: nft.id } });
    expect(meta.status).toBe(200);
    expect(meta.json).toEqual({ name: 'Trace only', description: 'Batch 7', attributes: [{ trait_type: 'lot', value: 'A7' }] });
  });

  it('accepts an inline image above 1 MiB (limit 10 MiB) and answers 413 above 10 MiB', async () => {
    const big = Buffer.alloc(1_500_000);
    PNG_1X1.copy(big);
    const ok = await post({ imagePath: `data:image/png;base64,${big.toString('base64')}` });
    expect(ok.status, ok.text).toBe(201);
    const tooBig = await post({ imagePath: 'A'.repeat(10 * 1024 * 1024 + 10) });
    expect(tooBig.status).toBe(413);
  });

  it.each([
    [{ imagePath: `data:image/svg+xml;base64,${SVG_BYTES.toString('base64')}` }, /SVG/],
    [{ imagePath: Buffer.from('plain text, no image here').toString('base64') }, /not a PNG, JPEG, GIF or WebP/],
    [{ imagePath: 'iVBOR*w0KGgo' }, /not valid base64/],
    [{ imagePath: 'ipfs://nope' }, /not a valid CID/],
    [{ imagePath: '/etc/passwd' }, /IMPORT_DIR is not set/],
  ])('refuses a bad image with a 400 that says why (%#)', async (body, reason) => {
    const before = rootCount();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json.details.join('\n')).toMatch(reason);
    expect(res.json.details[0]).toMatch(/^imagePath: /);
    expect(rootCount()).toBe(before);
  });

  it('refuses internal URLs without a single request reaching them', async () => {
    const server = await countingServer();
    try {
      for (const url of [
        `http://127.0.0.1:${server.port}/a.png`,
        `http://localhost:${server.port}/a.png`,
        `http://[::ffff:127.0.0.1]:${server.port}/a.png`,
        `http://10.0.0.1:${server.port}/a.png`,
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const res = await post({ imagePath: url });
        expect(res.status, url).toBe(400);
        expect(res.json.details[0]).toMatch(/loopback|private|metadata/);
      }
      expect(server.count).toBe(0);
    } finally {
      await server.close();
    }
  });

  describe('local paths with IMPORT_DIR', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'cl2c-nft-import-'));
    const importDir = path.join(base, 'import');
    beforeAll(() => {
      mkdirSync(importDir);
      mkdirSync(path.join(base, 'outside'));
      writeFileSync(path.join(importDir, 'pic.png'), PNG_1X1);
      writeFileSync(path.join(base, 'outside', 'secret.png'), PNG_1X1);
      symlinkSync(path.join(base, 'outside', 'secret.png'), path.join(importDir, 'link.png'));
      process.env.IMPORT_DIR = importDir;
      resetEnvCache();
    });
    afterAll(() => {
      delete process.env.IMPORT_DIR;
      resetEnvCache();
    });

    it('reads a file inside IMPORT_DIR and refuses ../ and symlink escapes', async () => {
      const ok = await create({ name: `File ${uniq()}`, imagePath: 'pic.png' });
      expect(ok.imagePath).toBe(`ipfs://${await computeCid(PNG_1X1)}`);
      const up = await post({ imagePath: '../outside/secret.png' });
      expect(up.status).toBe(400);
      expect(up.json.details).toEqual(['imagePath: the path may not contain ".."']);
      const link = await post({ imagePath: 'link.png' });
      expect(link.status).toBe(400);
      expect(link.json.details).toEqual(['imagePath: the path is outside the import directory']);
      const abs = await post({ imagePath: path.join(base, 'outside', 'secret.png') });
      expect(abs.json.details).toEqual(['imagePath: the path is outside the import directory']);
    });
  });

  describe('copyright splits', () => {
    it('stores a 60/40 split as PENDING shares with holder details', async () => {
      const nft = await create({
        name: `Split ${uniq()}`,
        copyright: [
          { userId: alice.id, percentage: 60 },
          { userId: bob.id, percentage: 40 },
        ],
      });
      expect(nft.totalOwners).toBe(2);
      expect(nft.copyright).toHaveLength(2);
      const [first, second] = nft.copyright;
      expect(Object.keys(first).sort()).toEqual(
        ['id', 'userId', 'status', 'percentage', 'email', 'copyAuthLocation', 'copyAuthTimestamp', 'walletAddress', 'userName', 'userImage'].sort(),
      );
      expect(first).toMatchObject({
        userId: alice.id,
        status: 'PENDING',
        percentage: 60,
        email: alice.email,
        copyAuthLocation: null,
        copyAuthTimestamp: null,
        walletAddress: [{ address: alice.wallet, isPrimary: true }],
        userName: expect.stringMatching(/^alice_/),
        userImage: null,
      });
      expect(second).toMatchObject({ userId: bob.id, percentage: 40, walletAddress: [{ address: bob.wallet, isPrimary: true }] });
      const rows = (await (await getStore()).select().from(copyrightShares).where(eq(copyrightShares.nftId, nft.id)));
      expect(rows.map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    });

    it('accepts two-decimal splits that sum to exactly 100 (33.33 + 33.33 + 33.34, 0.1 + 99.9)', async () => {
      const c = await member(org.organization.id, 'carol');
      const a = await create({
        name: `Thirds ${uniq()}`,
        copyright: [
          { userId: alice.id, percentage: 33.33 },
          { userId: bob.id, percentage: 33.33 },
          { userId: c.id, percentage: 33.34 },
        ],
      });
      expect(a.totalOwners).toBe(3);
      const b = await create({
        name: `Tiny ${uniq()}`,
        copyright: [
          { userId: alice.id, percentage: 0.1 },
          { userId: bob.id, percentage: 99.9 },
        ],
      });
      expect(b.copyright.map((e: { percentage: number }) => e.percentage)).toEqual([99.9, 0.1]);
    });

    it.each([
      ['sum 99.99', () => [{ userId: alice.id, percentage: 59.99 }, { userId: bob.id, percentage: 40 }], /copyright: percentages must add up to exactly 100 \(they add up to 99\.99\)/],
      ['sum 100.01', () => [{ userId: alice.id, percentage: 60.01 }, { userId: bob.id, percentage: 40 }], /add up to 100\.01/],
      ['3 decimals', () => [{ userId: alice.id, percentage: 33.333 }, { userId: bob.id, percentage: 66.667 }], /copyright\[0\]\.percentage: must have at most 2 decimals/],
      ['zero', () => [{ userId: alice.id, percentage: 0 }, { userId: bob.id, percentage: 100 }], /copyright\[0\]\.percentage: must be greater than 0/],
      ['negative', () => [{ userId: alice.id, percentage: -10 }, { userId: bob.id, percentage: 110 }], /greater than 0[\s\S]*at most 100/],
      ['over 100', () => [{ userId: alice.id, percentage: 100.5 }], /copyright\[0\]\.percentage: must be at most 100/],
      ['duplicates', () => [{ userId: alice.id, percentage: 50 }, { userId: alice.id, percentage: 50 }], /copyright\[1\]\.userId: duplicates copyright\[0\]\.userId/],
      ['not a number', () => [{ userId: alice.id, percentage: '100' }], /copyright\[0\]\.percentage: must be a number/],
      ['missing userId', () => [{ percentage: 100 }], /copyright\[0\]\.userId/],
    ])('400 for %s, nothing written', async (_label, entries, reason) => {
      const name = `Bad split ${uniq()}`;
      const res = await post({ name, copyright: entries() });
      expect(res.status).toBe(400);
      expect(res.json.details.join('\n')).toMatch(reason);
      const list = await call(GET, { headers: h(), query: { search: name } });
      expect(list.json.pagination.total).toBe(0);
    });

    it('400 naming the id for a non-member, another organization’s member, a suspended member', async () => {
      const unknown = crypto.randomUUID();
      const res = await post({
        copyright: [
          { userId: alice.id, percentage: 25 },
          { userId: outsider.id, percentage: 25 },
          { userId: suspended.id, percentage: 25 },
          { userId: unknown, percentage: 25 },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.json.details).toEqual([
        `copyright[1].userId: ${outsider.id} is not an active member of this organization`,
        `copyright[2].userId: ${suspended.id} is not an active member of this organization`,
        `copyright[3].userId: ${unknown} is not an active member of this organization`,
      ]);
    });
  });

  it.each([
    [{}, /name: /],
    [{ name: '' }, /name: is required/],
    [{ name: 'x', supply: 0 }, /supply: must be at least 1/],
    [{ name: 'x', supply: 1.5 }, /supply: must be a whole number/],
    [{ name: 'x', externalUrl: 'not a url' }, /externalUrl: must be an absolute http\(s\) or ipfs URI/],
    [{ name: 'x', externalUrl: 'javascript:alert(1)' }, /externalUrl/],
    [{ name: 'x', metadata: [1, 2] }, /metadata: /],
    [{ name: 'x', extra: true }, /extra/],
  ])('400 on invalid input (%#)', async (body, reason) => {
    const res = await call(POST, { method: 'POST', headers: h(), body: { smartContractId: contractId, ...body } });
    expect(res.status).toBe(400);
    expect(res.json.details.join('\n')).toMatch(reason);
  });

  it('a contract’s totalNFTs counts its NFTs', async () => {
    const cid = await newContract();
    await create({ name: `Count 1 ${uniq()}`, smartContractId: cid });
    await create({ name: `Count 2 ${uniq()}`, smartContractId: cid });
    const list = await call(getContract, { headers: h(), query: { limit: 100 } });
    expect(list.json.data.find((c: { id: string }) => c.id === cid).totalNFTs).toBe(2);
  });

  it('a member’s totalNFTs counts the NFTs they hold a share of', async () => {
    const dana = await member(org.organization.id, 'dana');
    const count = async () => {
      const res = await call(listMembers, { headers: h(), query: { search: dana.email } });
      expect(res.status, res.text).toBe(200);
      return res.json.data[0].totalNFTs as number;
    };
    expect(await count()).toBe(0);
    await create({ name: `Dana 1 ${uniq()}`, copyright: [{ userId: dana.id, percentage: 100 }] });
    await create({ name: `Dana 2 ${uniq()}`, copyright: [{ userId: dana.id, percentage: 50 }, { userId: alice.id, percentage: 50 }] });
    expect(await count()).toBe(2);
  });

  it('writes an audit event for the creation', async () => {
    const nft = await create({ name: `Audited ${uniq()}` });
    const events = (await (await getStore()).select().from(auditEvents).where(eq(auditEvents.entityId, nft.id)));
    expect(events.map((e) => e.action)).toEqual(['nft.create']);
  });
});

describe('A5 GET /cl2c/nft', () => {
  let listContract: string;
  const tag = uniq();
  beforeAll(async () => {
    listContract = await newContract();
    const mk = (name: string, description: string, supply: number) =>
      create({ name, description, supply, smartContractId: listContract });
    const a = await mk(`Alpha ${tag}`, 'red fox', 5);
    await mk(`Beta ${tag}`, 'blue 100% whale', 2);
    await mk(`Gamma ${tag}`, 'green_frog', 9);
    await call(PUT, { method: 'PUT', headers: h(), body: { id: a.id, status: 'MINTED' } });
  });

  it('filters by contract, sorts by an allowed field, and echoes the filters', async () => {
    const res = await call(GET, { headers: h(), query: { contractId: listContract, sortBy: 'supply', sortOrder: 'asc' } });
    expect(res.status).toBe(200);
    expect(res.json.data.map((n: { supply: number }) => n.supply)).toEqual([2, 5, 9]);
    expect(res.json.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1, hasNext: false, hasPrev: false });
    expect(res.json.filters).toEqual({ search: null, status: null, contractId: listContract, copyrightStatus: null, sortBy: 'supply', sortOrder: 'asc' });
    expect(Object.keys(res.json.data[0]).sort()).toEqual(
      ['id', 'status', 'name', 'description', 'externalUrl', 'imagePath', 'supply', 'mintedAt', 'tokenId', 'createdAt', 'smartContract', 'copyrightStatus', 'licence'].sort(),
    );
  });

  it('filters by status and searches name or description case-insensitively, % and _ literally', async () => {
    const minted = await call(GET, { headers: h(), query: { contractId: listContract, status: 'MINTED' } });
    expect(minted.json.data.map((n: { name: string }) => n.name)).toEqual([`Alpha ${tag}`]);
    expect(minted.json.data[0].mintedAt).toMatch(/Z$/);
    const byDesc = await call(GET, { headers: h(), query: { contractId: listContract, search: 'FOX' } });
    expect(byDesc.json.data.map((n: { name: string }) => n.name)).toEqual([`Alpha ${tag}`]);
    const byName = await call(GET, { headers: h(), query: { search: `gamma ${tag}` } });
    expect(byName.json.pagination.total).toBe(1);
    const pct = await call(GET, { headers: h(), query: { contractId: listContract, search: '100%' } });
    expect(pct.json.data.map((n: { name: string }) => n.name)).toEqual([`Beta ${tag}`]);
    const underscore = await call(GET, { headers: h(), query: { contractId: listContract, search: 'n_f' } });
    expect(underscore.json.data.map((n: { name: string }) => n.name)).toEqual([`Gamma ${tag}`]);
  });

  it('paginates', async () => {
    const res = await call(GET, { headers: h(), query: { contractId: listContract, limit: 2, page: 2, sortBy: 'name', sortOrder: 'asc' } });
    expect(res.json.data.map((n: { name: string }) => n.name)).toEqual([`Gamma ${tag}`]);
    expect(res.json.pagination).toMatchObject({ total: 3, totalPages: 2, hasNext: false, hasPrev: true });
  });

  it.each([
    [{ sortBy: 'description' }, /sortBy/],
    [{ status: 'DONE' }, /status/],
    [{ limit: 101 }, /limit/],
    [{ page: 0 }, /page/],
    [{ unknown: 'x' }, /unknown/],
  ])('400 on a bad query (%#)', async (query, reason) => {
    const res = await call(GET, { headers: h(), query });
    expect(res.status).toBe(400);
    expect(res.json.details.join('\n')).toMatch(reason);
  });
});

describe('A7 PUT /cl2c/nft', () => {
  it('400 without id', async () => {
    const res = await call(PUT, { method: 'PUT', headers: h(), body: { status: 'MINTED' } });
    expect(res.status).toBe(400);
    expect(res.json.details).toEqual(['id: is required']);
  });

  it('MINTED sets mintedAt to now unless given; other fields change too', async () => {
    const nft = await create({ name: `Mint ${uniq()}` });
    const before = Date.now();
    const res = await call(PUT, { method: 'PUT', headers: h(), body: { id: nft.id, status: 'MINTED', name: 'Renamed' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe('MINTED');
    expect(res.json.name).toBe('Renamed');
    expect(new Date(res.json.mintedAt).getTime()).toBeGreaterThanOrEqual(before - 5);
    const n2 = await create({ name: `Mint2 ${uniq()}` });
    const given = await call(PUT, {
      method: 'PUT',
      headers: h(),
      body: { id: n2.id, status: 'MINTED', mintedAt: '2026-01-02T03:04:05.000Z' },
    });
    expect(given.json.mintedAt).toBe('2026-01-02T03:04:05.000Z');
    const back = await call(PUT, { method: 'PUT', headers: h(), body: { id: n2.id, status: 'FAILED' } });
    expect(back.json.status).toBe('FAILED');
  });

  it.each([
    [{ status: 'DONE' }, /status/],
    [{ mintedAt: 'yesterday' }, /mintedAt: must be an ISO 8601 date-time/],
    [{ supply: 3 }, /supply/],
  ])('400 on invalid input (%#)', async (body, reason) => {
    const nft = await create({ name: `A7 bad ${uniq()}` });
    const res = await call(PUT, { method: 'PUT', headers: h(), body: { id: nft.id, ...body } });
    expect(res.status).toBe(400);
    expect(res.json.details.join('\n')).toMatch(reason);
  });

  it('404 for an unknown id', async () => {
    expect((await call(PUT, { method: 'PUT', headers: h(), body: { id: crypto.randomUUID(), status: 'MINTED' } })).status).toBe(404);
  });
});

describe('A8 PUT /cl2c/nft/{id}', () => {
  it('updates name, description, externalUrl, supply and metadata; rebuilds the metadata JSON', async () => {
    const nft = await create({ name: `Edit ${uniq()}`, imagePath: pngDataUri });
    const before = (await call(getOne, { headers: h(), params: { id: nft.id } })).json;
    const res = await call(putOne, {
      method: 'PUT',
      headers: h(),
      params: { id: nft.id },
      body: { name: 'Edited', description: 'New words', externalUrl: 'https://example.org/x', supply: 7, metadata: { colour: 'teal' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ name: 'Edited', description: 'New words', externalUrl: 'https://example.org/x', supply: 7 });
    const after = (await call(getOne, { headers: h(), params: { id: nft.id } })).json;
    expect(after.metadata).toEqual({ colour: 'teal' });
    expect(after.metadataUri).not.toBe(before.metadataUri);
    const meta = await call(getMetadata, { headers: h(), params: { id: nft.id } });
    expect(meta.json).toMatchObject({ name: 'Edited', description: 'New words', attributes: [{ trait_type: 'colour', value: 'teal' }] });
  });

  it('a supply-only change keeps the metadata URI', async () => {
    const nft = await create({ name: `Supply ${uniq()}`, imagePath: pngDataUri });
    const before = (await call(getOne, { headers: h(), params: { id: nft.id } })).json;
    await call(putOne, { method: 'PUT', headers: h(), params: { id: nft.id }, body: { supply: 2 } });
    const after = (await call(getOne, { headers: h(), params: { id: nft.id } })).json;
    expect(after.supply).toBe(2);
    expect(after.metadataUri).toBe(before.metadataUri);
  });

  it.each([
    [{ supply: 0 }, /supply: must be at least 1/],
    [{ supply: -1 }, /supply: must be at least 1/],
    [{ externalUrl: 'nope' }, /externalUrl/],
    [{ metadata: 'text' }, /metadata/],
    [{ metadata: null }, /metadata/],
    [{ status: 'MINTED' }, /status/],
  ])('400 on invalid input (%#)', async (body, reason) => {
    const nft = await create({ name: `A8 bad ${uniq()}` });
    const res = await call(putOne, { method: 'PUT', headers: h(), params: { id: nft.id }, body });
    expect(res.status).toBe(400);
    expect(res.json.details.join('\n')).toMatch(reason);
  });

  it('404 for an unknown id', async () => {
    expect((await call(putOne, { method: 'PUT', headers: h(), params: { id: 'nope' }, body: { supply: 2 } })).status).toBe(404);
  });
});

describe('holders (member picker)', () => {
  it('lists active members of the organization only', async () => {
    const res = await call(getHolders, { headers: h(), query: { limit: 100 } });
    expect(res.status).toBe(200);
    const ids = res.json.data.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([alice.id, bob.id, org.admin.id]));
    expect(ids).not.toContain(suspended.id);
    expect(ids).not.toContain(outsider.id);
    const one = res.json.data.find((m: { id: string }) => m.id === alice.id);
    expect(one).toEqual({ id: alice.id, email: alice.email, name: 'alice Test', userName: expect.any(String), walletAddress: alice.wallet });
    const search = await call(getHolders, { headers: h(), query: { search: 'BOB-' } });
    expect(search.json.data.map((m: { id: string }) => m.id)).toEqual([bob.id]);
  });
});

describe('GET /ipfs/{cid}', () => {
  it('400 for a malformed CID, 404 for an unknown one, 304 on a matching If-None-Match', async () => {
    const bad = await call(getIpfs, { params: { cid: 'not-a-cid' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Malformed CID.');
    const unknown = await computeCid(Buffer.from(`never stored ${uniq()}`));
    expect((await call(getIpfs, { params: { cid: unknown } })).status).toBe(404);
    const nft = await create({ name: `Etag ${uniq()}`, imagePath: pngDataUri });
    const cid = nft.imagePath.slice(7);
    const res = await call(getIpfs, { params: { cid }, headers: { 'if-none-match': `"${cid}"` } });
    expect(res.status).toBe(304);
  });
});

describe('OpenAPI', () => {
  it('documents A5–A8', async () => {
    const doc = await getOpenApi().json();
    expect(doc.paths['/cl2c/nft'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'search', 'status', 'contractId', 'sortBy', 'sortOrder']),
    );
    expect(doc.paths['/cl2c/nft'].post.responses['201']).toBeDefined();
    expect(doc.paths['/cl2c/nft'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'smartContractId']),
    );
    expect(doc.paths['/cl2c/nft'].put).toBeDefined();
    expect(doc.paths['/cl2c/nft/{id}'].put).toBeDefined();
  });
});
