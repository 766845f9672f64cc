import { beforeAll, describe, expect, it } from 'vitest';
import { GET as detailRoute } from '@/app/api/v1/console/audit/[id]/route';
import { GET as updatesRoute } from '@/app/api/v1/console/audit/updates/route';
import { auditEvents, smartContracts } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';

/*
 * The activity page's event detail and the notifications poll on the engine of the run (the chain
 * outcomes lib/audit/events.test.ts records through the ledger are written here as their rows).
 */

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let session: Record<string, string>;

const event = async (values: Omit<typeof auditEvents.$inferInsert, 'actorType'> & { actorType?: 'system' | 'user' }) => {
  const [row] = await (await getStore())
    .insert(auditEvents)
    .values({ actorType: 'system', ...values })
    .returning();
  return row!;
};

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  session = await adminSessionHeaders(org.admin.email);
});

describe('GET /console/audit/{id}', () => {
  it('shows the recorded data, the transaction it names or its record’s, and the record’s label; 404 elsewhere', async () => {
    const store = await getStore();
    const [contract] = await store
      .insert(smartContracts)
      .values({ organizationId: org.organization.id, name: 'Detail', symbol: 'DT', deploymentTransactionHash: '0xd3e9' })
      .returning();
    const deployed = await event({ organizationId: org.organization.id, action: 'contract.deploy.confirm', entityType: 'smart_contract', entityId: contract!.id });
    const failed = await event({ organizationId: org.organization.id, action: 'token.fail', entityType: 'token_transfer', entityId: crypto.randomUUID(), data: { transactionHash: '0xfeed', reason: 'insufficient funds' } });

    const res = await call(detailRoute, { headers: session, params: { id: deployed.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: deployed.id, entityLabel: 'Detail (DT)', href: '/contracts?search=Detail', transactionHash: '0xd3e9', data: null, actor: { type: 'system', id: null, label: 'system' } });
    expect(res.json.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const tx = await call(detailRoute, { headers: session, params: { id: failed.id } });
    expect(tx.json).toMatchObject({ actionLabel: 'Token send failed', transactionHash: '0xfeed', data: { reason: 'insufficient funds' }, href: '/tokens' });

    const otherSession = await adminSessionHeaders(other.admin.email);
    expect((await call(detailRoute, { headers: otherSession, params: { id: deployed.id } })).status).toBe(404);
    expect((await call(detailRoute, { headers: session, params: { id: crypto.randomUUID() } })).status).toBe(404);
  });
});

describe('GET /console/audit/updates', () => {
  it('pages the notified events after the cursor oldest first, ties in one millisecond by id, nothing twice', async () => {
    const first = await call(updatesRoute, { headers: session });
    expect(first.json.data).toEqual([]);
    const base = Date.now() + 60_000;
    const org1 = org.organization.id;
    // 25 notified events, five per millisecond; an ordinary change and another organization's outcome among them.
    for (let i = 0; i < 25; i++) {
      await event({ organizationId: org1, action: i % 2 ? 'token.confirm' : 'nft.mint.fail', entityType: 'nft', entityId: String(i), createdAt: new Date(base + Math.floor(i / 5)) });
    }
    await event({ organizationId: org1, action: 'contract.update', entityType: 'smart_contract', createdAt: new Date(base + 1) });
    await event({ organizationId: other.organization.id, action: 'token.confirm', entityType: 'token_transfer', createdAt: new Date(base + 1) });

    const seen: string[] = [];
    let cursor = first.json.cursor as string;
    for (let poll = 0; poll < 4; poll++) {
      const res = await call(updatesRoute, { headers: session, query: { after: cursor } });
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((e: { entityId: string }) => e.entityId));
      cursor = res.json.cursor;
    }
    // At most 20 per poll, then the rest, then nothing.
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const want = (await (await getStore()).select().from(auditEvents))
      .filter((e) => e.organizationId === org1 && e.createdAt.getTime() >= base && e.action !== 'contract.update')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((e) => e.entityId);
    expect(seen).toEqual(want);
  });
});
