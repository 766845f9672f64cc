import { beforeAll, describe, expect, it } from 'vitest';
import { familyADocument } from '@/lib/api-docs/family-a';
import { familyAExamples } from '@/lib/openapi/examples';
import type { paths } from '@/lib/openapi/generated/family-a';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { resetEnvCache } from '@/lib/env';
import { familyAClient, familyASessionClient } from '@/test/api-client';
import { adminSessionHeaders, createTestOrg } from '@/test/helpers';
import { getStore } from '@/lib/storage/current';

/**
 * Family A through the client a developer would generate (openapi-typescript + openapi-fetch):
 * every documented operation is called with its documented request example (ids swapped for
 * real ones), and every response is held to the document by the client's fetch.
 */
type Body<P extends keyof paths, M extends 'post' | 'put'> = NonNullable<paths[P][M]> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
const example = <P extends keyof paths, M extends 'post' | 'put'>(operationId: string, _path: P, _method: M) =>
  structuredClone(familyAExamples[operationId]!.request) as Body<P, M>;

let client: ReturnType<typeof familyAClient>;
/** The same organization's signed-in admin, for the console-session-only operations. */
let session: ReturnType<typeof familyASessionClient>;
let adminUserId: string;
let holders: { userId: string; membershipId: string }[];
const called = new Set<string>();
const uniq = () => crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  const org = await createTestOrg();
  client = familyAClient(org.apiKey);
  session = familyASessionClient(await adminSessionHeaders(org.admin.email));
  adminUserId = org.admin.id;
  const store = await getStore();
  holders = [];
  for (const label of ['ana', 'ben']) {
    const r = await store.transaction((tx) =>
      registerUserInOrganizationIn(tx, org.organization.id, { email: `${label}-${uniq()}@example.test`, firstName: label, lastName: 'Client', userName: `${label}_${uniq()}` }),
    );
    holders.push({ userId: r.user.id, membershipId: r.membershipId });
  }
});

describe('Family A through the generated client', () => {
  it('contracts and NFTs: A1–A8 and the NFT extensions', async () => {
    const created = await client.POST('/cl2c/contract', { body: { ...example('createContract', '/cl2c/contract', 'post'), name: `Genesis ${uniq()}` } });
    expect(created.response.status).toBe(201);
    const contract = created.data!;
    expect(contract.metadata).toEqual({ curator: 'Ana' });
    called.add('createContract');

    const list = await client.GET('/cl2c/contract', { params: { query: { search: contract.name, sortBy: 'name', sortOrder: 'asc', page: 1, limit: 20 } } });
    expect(list.data!.data.map((c) => c.id)).toEqual([contract.id]);
    called.add('listContracts');

    const deployed = await client.PUT('/cl2c/contract', { body: { ...example('updateContract', '/cl2c/contract', 'put'), id: contract.id } });
    expect(deployed.data).toMatchObject({ status: 'DEPLOYED', contractAddress: '0x52908400098527886E0F7030069857D2E4169EE7' });
    called.add('updateContract');

    const nftBody = example('createNft', '/cl2c/nft', 'post');
    const nft = await client.POST('/cl2c/nft', {
      body: { ...nftBody, smartContractId: contract.id, copyright: holders.map((h, i) => ({ userId: h.userId, percentage: i === 0 ? 60 : 40 })) },
    });
    expect(nft.response.status, JSON.stringify(nft.error)).toBe(201);
    expect(nft.data).toMatchObject({ imagePath: nftBody.imagePath, totalOwners: 2, metadata: nftBody.metadata });
    const nftId = nft.data!.id;
    called.add('createNft');

    expect((await client.GET('/cl2c/nft', { params: { query: { contractId: contract.id } } })).data!.pagination.total).toBe(1);
    called.add('listNfts');
    expect((await client.GET('/cl2c/nft/{id}', { params: { path: { id: nftId } } })).data!.copyright).toHaveLength(2);
    called.add('getNft');
    const a8 = await client.PUT('/cl2c/nft/{id}', { params: { path: { id: nftId } }, body: example('updateNft', '/cl2c/nft/{id}', 'put') });
    expect(a8.data).toMatchObject({ name: 'Sunrise (restored)', supply: 5 });
    called.add('updateNft');
    expect((await client.GET('/cl2c/nft/{id}/metadata', { params: { path: { id: nftId } } })).data!.name).toBe('Sunrise (restored)');
    called.add('getNftMetadata');
    expect((await client.GET('/cl2c/nft/holders', { params: { query: { limit: 10 } } })).data!.data).toHaveLength(3);
    called.add('listCopyrightHolderCandidates');

    // The copyright split of `nft` (two holders) is AWAITING: its state, a resend, and A7 refusing MINTED.
    const state = await client.GET('/cl2c/nft/{id}/copyright', { params: { path: { id: nftId } } });
    expect(state.data).toMatchObject({ copyrightStatus: 'AWAITING', round: 1, frozen: false, viewer: null });
    expect(state.data!.waitingFor).toHaveLength(2);
    called.add('getNftCopyright');
    const benShare = state.data!.shares.find((s) => s.userId === holders[1]!.userId)!;
    const resent = await client.POST('/cl2c/nft/{id}/copyright/shares/{shareId}/resend', { params: { path: { id: nftId, shareId: benShare.shareId } } });
    expect(resent.data).toMatchObject({ shareId: benShare.shareId, sendCount: 2 });
    called.add('resendCopyrightRequest');
    const awaiting = await client.PUT('/cl2c/nft', { body: { ...example('updateNftStatus', '/cl2c/nft', 'put'), id: nftId } });
    expect(awaiting.response.status).toBe(409);

    // An NFT whose sole holder is the signed-in admin: their decision makes it COPYRIGHTED (signed record), then A7 mints it.
    const sole = await client.POST('/cl2c/nft', { body: { name: 'Sole', smartContractId: contract.id, copyright: [{ userId: adminUserId, percentage: 100 }] } });
    expect(sole.response.status, JSON.stringify(sole.error)).toBe(201);
    const soleId = sole.data!.id;
    expect((await client.POST('/cl2c/nft/{id}/copyright/decision', { params: { path: { id: soleId } }, body: example('decideNftCopyright', '/cl2c/nft/{id}/copyright/decision', 'post') })).response.status).toBe(403);
    const decided = await session.POST('/cl2c/nft/{id}/copyright/decision', {
      params: { path: { id: soleId } },
      body: example('decideNftCopyright', '/cl2c/nft/{id}/copyright/decision', 'post'),
    });
    expect(decided.data, JSON.stringify(decided.error)).toEqual({ nftId: soleId, decision: 'AUTHORIZED', copyrightStatus: 'COPYRIGHTED' });
    called.add('decideNftCopyright');
    const verified = await client.GET('/cl2c/nft/{id}/copyright/verify', { params: { path: { id: soleId } } });
    expect(verified.data).toMatchObject({ valid: true, cidMatches: true });
    called.add('verifyNftCopyright');

    const minted = await client.PUT('/cl2c/nft', { body: { ...example('updateNftStatus', '/cl2c/nft', 'put'), id: soleId } });
    expect(minted.data).toMatchObject({ status: 'MINTED', mintedAt: '2026-11-22T10:05:00.000Z' });
    called.add('updateNftStatus');

    const refused = await client.DELETE('/cl2c/nft/{id}', { params: { path: { id: soleId } } });
    expect(refused.response.status).toBe(409);
    expect(refused.error!.error).toMatch(/minted/i);
    const spare = await client.POST('/cl2c/nft', { body: { name: 'Spare', smartContractId: contract.id } });
    const deleted = await client.DELETE('/cl2c/nft/{id}', { params: { path: { id: spare.data!.id } } });
    expect(deleted.data).toEqual({ message: 'NFT deleted.', deletedNft: { id: spare.data!.id, name: 'Spare' } });
    called.add('deleteNft');

    expect((await client.DELETE('/cl2c/contract/{id}', { params: { path: { id: contract.id } } })).response.status).toBe(409);
    const empty = await client.POST('/cl2c/contract', { body: { name: `Empty ${uniq()}`, symbol: 'EMP' } });
    const gone = await client.DELETE('/cl2c/contract/{id}', { params: { path: { id: empty.data!.id } } });
    expect(gone.data!.deletedContract.id).toBe(empty.data!.id);
    called.add('deleteContract');

    expect((await session.GET('/console/contracts/{id}', { params: { path: { id: contract.id } } })).data!.status).toBe('DEPLOYED');
    expect((await client.GET('/console/contracts/{id}', { params: { path: { id: contract.id } } })).response.status).toBe(403);
    called.add('getConsoleContract');
  });

  it('the chain extensions: wallet, deploy and mint on the local chain', async () => {
    const wallet = await client.GET('/cl2c/wallet', {});
    expect(wallet.data!.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    called.add('getWallet');

    const contract = (await client.POST('/cl2c/contract', { body: { name: `Chain ${uniq()}`, symbol: 'CHN' } })).data!;
    const nft = (await client.POST('/cl2c/nft', { body: { name: 'On chain', smartContractId: contract.id } })).data!;
    expect(nft.status).toBe('CREATED');
    const deployed = await client.POST('/cl2c/contract/{id}/deploy', { params: { path: { id: contract.id } } });
    expect(deployed.data, JSON.stringify(deployed.error)).toMatchObject({ status: 'DEPLOYED', creatorAddress: wallet.data!.address });
    expect(deployed.data!.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    called.add('deployContract');
    expect((await client.POST('/cl2c/contract/{id}/deploy', { params: { path: { id: contract.id } } })).response.status).toBe(409);
    const read = await client.GET('/cl2c/contract/{id}', { params: { path: { id: contract.id } } });
    expect(read.data).toMatchObject({ status: 'DEPLOYED', chainTransaction: { kind: 'deploy', broadcast: false } });
    called.add('getContract');

    const minted = await client.POST('/cl2c/nft/{id}/mint', { params: { path: { id: nft.id } } });
    expect(minted.data, JSON.stringify(minted.error)).toMatchObject({ status: 'MINTED', tokenOwner: wallet.data!.address });
    expect(minted.data!.tokenId).not.toBeNull();
    called.add('mintNft');
    expect((await client.POST('/cl2c/nft/{id}/mint', { params: { path: { id: nft.id } } })).response.status).toBe(409);
  });

  it('members, invitations, tokens and the console lists: A9–A14', async () => {
    const bulk = await client.POST('/cl2c/user/bulk', { body: example('bulkInvite', '/cl2c/user/bulk', 'post') });
    expect(bulk.data!.data.summary).toEqual({ total: 3, invited: 2, skipped: 0, failed: 1 });
    const invitationId = bulk.data!.data.results[0]!.id!;
    called.add('bulkInvite');
    // The CSV preview's check sees the invitations just made; it writes nothing.
    const checked = await client.POST('/console/invitations/check', { body: example('checkInvitees', '/console/invitations/check', 'post') });
    expect(checked.data!.data.results.map((r) => r.status)).toEqual(['invited', 'invited', 'new', 'invalid']);
    called.add('checkInvitees');

    const members = await client.GET('/cl2c/user', { params: { query: { hasWallet: true, status: 'ACTIVE' } } });
    expect(members.data!.data.every((m) => m.walletAddress !== null)).toBe(true);
    called.add('listMembers');
    expect((await client.GET('/cl2c/user/{id}', { params: { path: { id: invitationId } } })).data!.kind).toBe('invitation');
    called.add('getMember');
    const changed = await client.PUT('/cl2c/user/{id}', { params: { path: { id: invitationId } }, body: example('updateMember', '/cl2c/user/{id}', 'put') });
    expect(changed.data).toEqual({ id: invitationId, email: 'carla.new@example.com', walletAddress: null, resent: true });
    called.add('updateMember');
    expect((await client.DELETE('/cl2c/user/{id}', { params: { path: { id: invitationId } } })).response.status).toBe(200);
    called.add('removeMember');

    const send = await client.POST('/cl2c/token', {
      params: { header: { 'Idempotency-Key': `client-${uniq()}` } },
      body: { ...example('sendTokens', '/cl2c/token', 'post'), memberId: holders[0]!.membershipId },
    });
    expect(send.response.status, JSON.stringify(send.error)).toBe(200);
    expect(send.data).toMatchObject({ success: true, tokenType: 'mainnet', broadcast: false });
    called.add('sendTokens');
    const transfer = await client.GET('/cl2c/token/{id}', { params: { path: { id: send.data!.transferId } } });
    expect(transfer.data).toMatchObject({ id: send.data!.transferId, state: 'signed', chainTransaction: { kind: 'transfer' } });
    called.add('getTransfer');
    // Never broadcast on the local chain: nothing on a network to cancel.
    expect((await client.POST('/cl2c/token/{id}/cancel', { params: { path: { id: send.data!.transferId } } })).response.status).toBe(409);
    called.add('cancelTransfer');
    expect((await client.GET('/console/transfers', { params: { query: { tokenType: 'mainnet' } } })).data!.data[0]!.amount).toBe('1.5');
    called.add('listTransfers');
    expect((await client.GET('/console/outbox', {})).response.status).toBe(403);
    expect((await session.GET('/console/outbox', {})).data!.pagination.total).toBeGreaterThanOrEqual(2);
    called.add('listOutbox');
    const audit = await session.GET('/console/audit', { params: { query: { entityType: 'invitation', entityId: invitationId, limit: 50 } } });
    // Events of one request can share a timestamp (then the id orders them), so compare as a set.
    expect(audit.data!.data.map((e) => e.action).sort()).toEqual(['invitation.create', 'invitation.email.change', 'invitation.resend', 'invitation.revoke']);
    expect(audit.data!.data.every((e) => e.entityId === invitationId && e.actor.type === 'api_key')).toBe(true);
    expect((await client.GET('/console/audit', {})).response.status).toBe(403);
    called.add('listAuditEvents');
    const actors = await session.GET('/console/audit/actors', {});
    expect(actors.data!.data.some((a) => a.type === 'api_key')).toBe(true);
    called.add('listAuditActors');
    const event = audit.data!.data[0]!;
    expect((await session.GET('/console/audit/{id}', { params: { path: { id: event.id } } })).data).toMatchObject({ id: event.id, action: event.action });
    called.add('getAuditEvent');
    const updates = await session.GET('/console/audit/updates', {});
    expect(updates.data!.data).toEqual([]);
    expect((await session.GET('/console/audit/updates', { params: { query: { after: updates.data!.cursor } } })).response.status).toBe(200);
    called.add('listAuditUpdates');
    const csv = async (res: Promise<{ data?: unknown; response: Response }>) => {
      const { data, response } = await res;
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      return String(data);
    };
    expect(await csv(session.GET('/console/audit/export', { params: { query: { entityId: invitationId } }, parseAs: 'text' }))).toContain('invitation.revoke');
    called.add('exportAuditEvents');
    expect(await csv(session.GET('/console/export/contracts', { params: { query: {} }, parseAs: 'text' }))).toMatch(/^id,name,symbol/);
    called.add('exportContracts');
    expect(await csv(session.GET('/console/export/nfts', { params: { query: {} }, parseAs: 'text' }))).toMatch(/^id,name,description/);
    called.add('exportNfts');
    expect(await csv(session.GET('/console/export/members', { params: { query: { status: 'ACTIVE' } }, parseAs: 'text' }))).toMatch(/^id,kind,email/);
    called.add('exportMembers');
  });

  it('manages a webhook endpoint: create (secret once), read, change, test, deliveries, rotate, replay, delete', async () => {
    // The receiver is a loopback URL (the documented test setting); nothing needs to answer it here.
    process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
    resetEnvCache();
    try {
      const created = await client.POST('/cl2c/webhook', { body: { ...example('createWebhook', '/cl2c/webhook', 'post'), url: 'http://127.0.0.1:9/client-hook' } });
      expect(created.response.status).toBe(201);
      expect(created.data!.secret).toMatch(/^whsec_/);
      const id = created.data!.endpoint.id;
      called.add('createWebhook');
      expect((await client.GET('/cl2c/webhook', {})).data!.data.map((e) => e.id)).toContain(id);
      called.add('listWebhooks');
      expect((await client.GET('/cl2c/webhook/{id}', { params: { path: { id } } })).data!.url).toBe('http://127.0.0.1:9/client-hook');
      called.add('getWebhook');
      expect((await client.PATCH('/cl2c/webhook/{id}', { params: { path: { id } }, body: { status: 'ENABLED' } })).data!.status).toBe('ENABLED');
      called.add('updateWebhook');
      const test = await client.POST('/cl2c/webhook/{id}/test', { params: { path: { id } } });
      expect(test.data!.eventId).toBeTruthy();
      called.add('testWebhook');
      expect((await client.GET('/cl2c/webhook/{id}/deliveries', { params: { path: { id } } })).response.status).toBe(200);
      called.add('listWebhookDeliveries');
      const rotated = await client.POST('/cl2c/webhook/{id}/rotate', { params: { path: { id } } });
      expect(rotated.data!.secret).not.toBe(created.data!.secret);
      called.add('rotateWebhookSecret');
      expect((await client.POST('/cl2c/webhook/{id}/replay', { params: { path: { id } }, body: { eventId: test.data!.eventId } })).response.status).toBe(200);
      called.add('replayWebhook');
      expect((await client.DELETE('/cl2c/webhook/{id}', { params: { path: { id } } })).response.status).toBe(200);
      called.add('deleteWebhook');
    } finally {
      delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
      resetEnvCache();
    }
  });

  it('called every operation of the document', () => {
    const doc = familyADocument() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    const all = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect([...called].sort()).toEqual(all.sort());
  });
});
