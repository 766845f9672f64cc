import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invitations, nfts, userOrganizations, users } from '@/lib/storage/tables';
import { createApiKey } from '@/lib/api-keys/service';
import { createContract, deleteContract, updateContract } from '@/lib/contracts/service';
import type { Actor } from '@/lib/shared/actor';
import { createTestOrg } from '@/test/helpers';
import { getOverview, RECENT_ACTIVITY_LIMIT } from './service';
import { getStore } from '@/lib/storage/current';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;

const userActor = (o: Org): Actor => ({
  kind: 'user',
  userId: o.admin.id,
  organizationId: o.organization.id,
  requestId: 'req-user',
});

async function addMember(organizationId: string, status: 'ACTIVE' | 'SUSPENDED') {
  const store = await getStore();
  const [user] = await store
    .insert(users)
    .values({ email: `m-${crypto.randomUUID()}@example.test`, name: 'Member' })
    .returning();
  await store.insert(userOrganizations).values({ organizationId, userId: user!.id, status, role: 'MEMBER' });
}

async function addInvitation(
  organizationId: string,
  status: 'PENDING' | 'ACCEPTED' | 'REVOKED',
  expiresAt: Date,
) {
  await (await getStore())
    .insert(invitations)
    .values({
      organizationId,
      email: `i-${crypto.randomUUID()}@example.test`,
      status,
      tokenHash: crypto.randomUUID(),
      expiresAt,
    });
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
});

describe('getOverview counts', () => {
  it('counts per status for the organization only, with zeros for absent statuses', async () => {
    const store = await getStore();
    const empty = await getOverview(store, org.organization.id);
    expect(empty.contracts).toEqual({ total: 0, byStatus: { CREATED: 0, DEPLOYED: 0, FAILED: 0 } });
    expect(empty.nfts).toEqual({
      total: 0,
      byStatus: { CREATED: 0, PENDING: 0, MINTED: 0, FAILED: 0 },
    });
    // The OWNER admin is the only member so far.
    expect(empty.members).toEqual({ total: 1, byStatus: { ACTIVE: 1, SUSPENDED: 0 } });
    expect(empty.invitations.byStatus.PENDING).toBe(0);

    const actor = userActor(org);
    const a = await createContract(await getStore(), actor, {
      name: 'A',
      symbol: 'A',
      network: 'POLYGON',
      env: 'TESTNET',
    });
    const b = await createContract(await getStore(), actor, {
      name: 'B',
      symbol: 'B',
      network: 'POLYGON',
      env: 'TESTNET',
    });
    await createContract(await getStore(), actor, { name: 'C', symbol: 'C', network: 'POLYGON', env: 'TESTNET' });
    await updateContract(await getStore(), actor, {
      id: a.id,
      status: 'DEPLOYED',
      contractAddress: '0x000000000000000000000000000000000000dEaD',
    });
    await updateContract(await getStore(), actor, { id: b.id, status: 'FAILED' });
    for (const status of ['MINTED', 'MINTED', 'PENDING'] as const) {
      await store.insert(nfts)
        .values({
          organizationId: org.organization.id,
          smartContractId: a.id,
          name: `n-${status}`,
          status,
        });
    }
    await addMember(org.organization.id, 'ACTIVE');
    await addMember(org.organization.id, 'SUSPENDED');
    const future = new Date(Date.now() + 86_400_000);
    await addInvitation(org.organization.id, 'PENDING', future);
    await addInvitation(org.organization.id, 'PENDING', future);
    await addInvitation(org.organization.id, 'PENDING', new Date(Date.now() - 1000)); // lapsed: counts as EXPIRED
    await addInvitation(org.organization.id, 'ACCEPTED', future);

    // Another organization's rows never show up.
    const otherActor = userActor(other);
    const x = await createContract(await getStore(), otherActor, {
      name: 'X',
      symbol: 'X',
      network: 'POLYGON',
      env: 'TESTNET',
    });
    await store.insert(nfts)
      .values({
        organizationId: other.organization.id,
        smartContractId: x.id,
        name: 'x',
        status: 'CREATED',
      });
    await addMember(other.organization.id, 'ACTIVE');
    await addInvitation(other.organization.id, 'PENDING', future);

    const o = await getOverview(store, org.organization.id);
    expect(o.contracts).toEqual({ total: 3, byStatus: { CREATED: 1, DEPLOYED: 1, FAILED: 1 } });
    expect(o.nfts).toEqual({
      total: 3,
      byStatus: { CREATED: 0, PENDING: 1, MINTED: 2, FAILED: 0 },
    });
    expect(o.members).toEqual({ total: 3, byStatus: { ACTIVE: 2, SUSPENDED: 1 } });
    expect(o.invitations).toEqual({
      total: 4,
      byStatus: { PENDING: 2, ACCEPTED: 1, REVOKED: 0, EXPIRED: 1 },
    });

    const theirs = await getOverview(store, other.organization.id);
    expect(theirs.contracts.total).toBe(1);
    expect(theirs.nfts.byStatus.CREATED).toBe(1);
    expect(theirs.members.total).toBe(2);
    expect(theirs.invitations.byStatus.PENDING).toBe(1);
  });
});

describe('getOverview recent activity', () => {
  it('lists the latest audit events newest first, with readable actors, at most 20', async () => {
    const fresh = await createTestOrg();
    const store = await getStore();
    const key = await createApiKey(await getStore(), {
      organizationId: fresh.organization.id,
      userId: fresh.admin.id,
      family: 'A',
      name: 'ci-bot',
    });
    const keyActor: Actor = {
      kind: 'api_key',
      keyId: key.id,
      userId: fresh.admin.id,
      organizationId: fresh.organization.id,
      requestId: 'req-key',
    };
    const c = await createContract(await getStore(), keyActor, {
      name: 'By key',
      symbol: 'K',
      network: 'POLYGON',
      env: 'TESTNET',
    });
    await deleteContract(await getStore(), userActor(fresh), c.id);
    const base = Date.now() + 60_000; // newer than the two real events above
    for (let i = 0; i < 25; i += 1) {
      await store.insert(auditEvents)
        .values({
          organizationId: fresh.organization.id,
          actorType: 'system',
          action: `test.event.${i}`,
          entityType: 'test',
          entityId: String(i),
          createdAt: new Date(base + i * 1000),
        });
    }
    const o = await getOverview(store, fresh.organization.id);
    expect(o.recentActivity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(o.recentActivity[0]!.action).toBe('test.event.24');
    expect(o.recentActivity[19]!.action).toBe('test.event.5');
    expect(o.recentActivity[0]!.actor).toEqual({ type: 'system', id: null, label: 'system' });

    // Without the synthetic events in the way, the real ones carry their actors.
    await store.delete(auditEvents).where(eq(auditEvents.organizationId, fresh.organization.id));
    const c2 = await createContract(await getStore(), keyActor, {
      name: 'By key 2',
      symbol: 'K2',
      network: 'POLYGON',
      env: 'TESTNET',
    });
    await updateContract(await getStore(), userActor(fresh), { id: c2.id, status: 'FAILED' });
    const real = (await getOverview(store, fresh.organization.id)).recentActivity;
    expect(real).toHaveLength(2);
    const byAction = Object.fromEntries(real.map((e) => [e.action, e]));
    expect(byAction['contract.create']!.actor).toEqual({
      type: 'api_key',
      id: key.id,
      label: `API key ci-bot (${key.prefix}…)`,
    });
    expect(byAction['contract.create']!.entityId).toBe(c2.id);
    expect(byAction['contract.update']!.actor).toEqual({
      type: 'user',
      id: fresh.admin.id,
      label: fresh.admin.email,
    });
    expect(byAction['contract.update']!.entityType).toBe('smart_contract');
    expect(byAction['contract.update']!.createdAt).toBeInstanceOf(Date);
  });

  it('is empty for an organization with no events, and never shows another organization’s', async () => {
    const fresh = await createTestOrg();
    const store = await getStore();
    await createContract(await getStore(), userActor(other), {
      name: 'Elsewhere',
      symbol: 'E',
      network: 'POLYGON',
      env: 'TESTNET',
    });
    expect((await getOverview(store, other.organization.id)).recentActivity[0]!.action).toBe(
      'contract.create',
    );
    expect((await getOverview(store, fresh.organization.id)).recentActivity).toEqual([]);
  });
});
