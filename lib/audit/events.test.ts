import { beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@/lib/storage/current';
import { GET as detailRoute } from '@/app/api/v1/console/audit/[id]/route';
import { GET as updatesRoute } from '@/app/api/v1/console/audit/updates/route';
import { auditEvents } from '@/lib/storage/tables';
import { createContract } from '@/lib/contracts/service';
import type { Actor } from '@/lib/shared/actor';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { recordChainOutcome } from './chain-events';
import { recordAuditIn } from './service';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let session: Record<string, string>;
let actor: Actor;
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  session = await adminSessionHeaders(org.admin.email);
  actor = { kind: 'user', userId: org.admin.id, organizationId: org.organization.id, requestId: 'events-test' };
});

describe('GET /console/audit/updates (notifications)', () => {
  it('gives a cursor first, then only the notified events after it, oldest first, in the organization', async () => {
    const store = await getStore();
    const first = await call(updatesRoute, { headers: session });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual([]);
    await tick();
    // Not notified: an ordinary change. Notified: a decision, a send confirmed, a mint failed.
    const contract = await createContract(await getStore(), actor, { name: 'Notify', symbol: 'NTF', network: 'POLYGON', env: 'TESTNET' });
    await recordAuditIn(store, actor, { action: 'copyright.reject', entityType: 'nft', entityId: crypto.randomUUID(), data: { reason: 'not agreed', copyAuthLocation: 'Porto' } });
    await tick();
    const transferId = crypto.randomUUID();
    await recordChainOutcome(await getStore(), { organizationId: org.organization.id, kind: 'transfer', entityId: transferId, ok: true, broadcast: true, transactionHash: '0xabc', blockNumber: 7 });
    // A local transfer that was only signed is no outcome.
    await recordChainOutcome(await getStore(), { organizationId: org.organization.id, kind: 'transfer', entityId: crypto.randomUUID(), ok: true, broadcast: false, transactionHash: '0xdef' });
    await tick();
    await recordChainOutcome(await getStore(), { organizationId: org.organization.id, kind: 'mint', entityId: crypto.randomUUID(), ok: false, broadcast: true, transactionHash: '0x123', reason: 'reverted' });
    await recordChainOutcome(await getStore(), { organizationId: other.organization.id, kind: 'transfer', entityId: crypto.randomUUID(), ok: false, broadcast: false, transactionHash: null, reason: 'elsewhere' });

    const next = await call(updatesRoute, { headers: session, query: { after: first.json.cursor } });
    expect(next.status).toBe(200);
    expect(next.json.data.map((e: { action: string }) => e.action)).toEqual(['copyright.reject', 'token.confirm', 'nft.mint.fail']);
    expect(next.json.data[1].actor).toEqual({ type: 'system', id: null, label: 'system' });
    const again = await call(updatesRoute, { headers: session, query: { after: next.json.cursor } });
    expect(again.json).toEqual({ cursor: next.json.cursor, data: [] });
    expect(contract.id).toBeTruthy();
  });

  it('refuses a made-up cursor and API keys', async () => {
    const bad = await call(updatesRoute, { headers: session, query: { after: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual(['after: must be a cursor returned by this endpoint']);
    expect((await call(updatesRoute, { headers: { 'x-api-key': org.apiKey } })).status).toBe(403);
  });
});

describe('GET /console/audit/{id} (event detail)', () => {
  it('shows what the event recorded and its transaction; another organization’s event is 404', async () => {
    const store = await getStore();
    const nftId = crypto.randomUUID();
    await recordAuditIn(store, actor, { action: 'copyright.authorize', entityType: 'nft', entityId: nftId, data: { copyAuthLocation: 'Lisbon, Portugal', reason: null, via: 'link' } });
    await recordChainOutcome(await getStore(), { organizationId: org.organization.id, kind: 'transfer', entityId: crypto.randomUUID(), ok: false, broadcast: true, transactionHash: '0xfeed', reason: 'insufficient funds' });
    const rows = (await store.select().from(auditEvents)).filter((e) => e.organizationId === org.organization.id);
    const decision = rows.find((e) => e.action === 'copyright.authorize')!;
    const failed = rows.find((e) => e.action === 'token.fail' && (e.data as { transactionHash?: string }).transactionHash === '0xfeed')!;

    const res = await call(detailRoute, { headers: session, params: { id: decision.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: decision.id, action: 'copyright.authorize', actionLabel: 'Copyright share authorized', data: { copyAuthLocation: 'Lisbon, Portugal', via: 'link' }, transactionHash: null });
    const tx = await call(detailRoute, { headers: session, params: { id: failed.id } });
    expect(tx.json).toMatchObject({ actionLabel: 'Token send failed', transactionHash: '0xfeed', data: { reason: 'insufficient funds' } });

    const otherSession = await adminSessionHeaders(other.admin.email);
    expect((await call(detailRoute, { headers: otherSession, params: { id: decision.id } })).status).toBe(404);
    expect((await call(detailRoute, { headers: session, params: { id: 'nope' } })).status).toBe(404);
  });
});
