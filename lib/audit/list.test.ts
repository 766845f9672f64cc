import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listActorsRoute } from '@/app/api/v1/console/audit/actors/route';
import { GET as exportRoute } from '@/app/api/v1/console/audit/export/route';
import { GET as listRoute } from '@/app/api/v1/console/audit/route';
import { auditEvents, invitations } from '@/lib/storage/tables';
import { createApiKey } from '@/lib/api-keys/service';
import { getAuth } from '@/lib/auth/server';
import { createContract, deleteContract, updateContract } from '@/lib/contracts/service';
import type { Actor } from '@/lib/shared/actor';
import { recordAuditIn } from './service';
import { selectRows } from '@/lib/storage/store';
import { insertNft } from '@/test/nft-fixtures';
import { call, createTestOrg } from '@/test/helpers';
import { auditActionLabel } from './labels';
import { listAuditActors, listAuditEvents } from './list';
import { listAuditQuery } from './schemas';
import { getStore } from '@/lib/storage/current';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let keyActor: Actor;
let userActor: Actor;
let contractId: string;
let cookie: string;

const q = (input: Record<string, string> = {}) => listAuditQuery.parse(input);

async function signIn(email: string) {
  const res = await (await getAuth()).api.signInEmail({ body: { email, password: 'correct horse battery' }, asResponse: true });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  const store = await getStore();
  const key = await createApiKey(await getStore(), { organizationId: org.organization.id, userId: org.admin.id, family: 'A', name: 'ci-bot' });
  keyActor = { kind: 'api_key', keyId: key.id, userId: org.admin.id, organizationId: org.organization.id, requestId: 'r1' };
  userActor = { kind: 'user', userId: org.admin.id, organizationId: org.organization.id, requestId: 'r2' };
  // Events stamped in the same millisecond order by their random id; a tick apart keeps the
  // expected newest-first order exact.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
  const c = await createContract(await getStore(), keyActor, { name: 'Harbor', symbol: 'HRB', network: 'POLYGON', env: 'TESTNET' });
  contractId = c.id;
  await tick();
  await updateContract(await getStore(), userActor, { id: c.id, status: 'FAILED' });
  await tick();
  const gone = await createContract(await getStore(), userActor, { name: 'Gone', symbol: 'GN', network: 'POLYGON', env: 'TESTNET' });
  await tick();
  await deleteContract(await getStore(), userActor, gone.id);
  await tick();
  // An invitation and its audit event as the invitations service writes them.
  await store.transaction(async (tx) => {
    const [invitation] = await tx
      .insert(invitations)
      .values({ organizationId: org.organization.id, email: 'new.person@example.test', tokenHash: crypto.randomUUID(), expiresAt: new Date(Date.now() + 1e9) })
      .returning();
    await recordAuditIn(tx, userActor, { action: 'invitation.create', entityType: 'invitation', entityId: invitation!.id, data: { email: invitation!.email } });
  });
  // Another organization's events never show.
  await createContract(await getStore(), { ...userActor, userId: other.admin.id, organizationId: other.organization.id }, {
    name: 'Elsewhere',
    symbol: 'ELS',
    network: 'POLYGON',
    env: 'TESTNET',
  });
  cookie = await signIn(org.admin.email);
});

describe('listAuditEvents', () => {
  it('lists the organization’s events newest first, with labels, actors and links', async () => {
    const page = await listAuditEvents(await getStore(), org.organization.id, q());
    expect(page.data.map((e) => e.action)).toEqual([
      'invitation.create',
      'contract.delete',
      'contract.create',
      'contract.update',
      'contract.create',
    ]);
    expect(page.pagination).toMatchObject({ total: 5, page: 1, totalPages: 1 });
    const [invite, deleted, , updated, created] = page.data;
    expect(invite).toMatchObject({ actionLabel: 'Member invited', entityTypeLabel: 'Invitation', entityLabel: 'new.person@example.test' });
    expect(invite!.href).toBe(`/members/${invite!.entityId}`);
    expect(updated).toMatchObject({
      actionLabel: 'Contract updated',
      entityLabel: 'Harbor (HRB)',
      href: '/contracts?search=Harbor',
      actor: { type: 'user', id: org.admin.id, label: org.admin.email },
    });
    expect(created!.actor).toEqual({ type: 'api_key', id: keyActor.kind === 'api_key' ? keyActor.keyId : '', label: expect.stringMatching(/^API key ci-bot \(.+…\)$/) });
    // A deleted record is named by type only and not linked.
    expect(deleted).toMatchObject({ entityLabel: null, href: null, actionLabel: 'Contract deleted' });
  });

  it('filters by actor, action, record type and record', async () => {
    const store = await getStore();
    const keyId = keyActor.kind === 'api_key' ? keyActor.keyId : '';
    expect((await listAuditEvents(store, org.organization.id, q({ actor: keyId }))).data.map((e) => e.entityLabel)).toEqual(['Harbor (HRB)']);
    expect((await listAuditEvents(store, org.organization.id, q({ action: 'contract.create' }))).pagination.total).toBe(2);
    expect((await listAuditEvents(store, org.organization.id, q({ entityType: 'invitation' }))).data).toHaveLength(1);
    expect((await listAuditEvents(store, org.organization.id, q({ entityType: 'smart_contract', entityId: contractId }))).data.map((e) => e.action)).toEqual([
      'contract.update',
      'contract.create',
    ]);
  });

  it('filters by UTC day range, both days included', async () => {
    const store = await getStore();
    const at = (iso: string, action: string) =>
      store.insert(auditEvents).values({ organizationId: other.organization.id, actorType: 'system', action, entityType: 'test', createdAt: new Date(iso) });
    await at('2026-01-09T23:59:59.999Z', 'day.before');
    await at('2026-01-10T00:00:00.000Z', 'day.first');
    await at('2026-01-11T23:59:59.999Z', 'day.last');
    await at('2026-01-12T00:00:00.000Z', 'day.after');
    const range = await listAuditEvents(store, other.organization.id, q({ from: '2026-01-10', to: '2026-01-11' }));
    expect(range.data.map((e) => e.action)).toEqual(['day.last', 'day.first']);
    expect((await listAuditEvents(store, other.organization.id, q({ to: '2026-01-09' }))).data.map((e) => e.action)).toEqual(['day.before']);
    const asc = await listAuditEvents(store, other.organization.id, q({ from: '2026-01-10', sortOrder: 'asc', limit: '2' }));
    expect(asc.data.map((e) => e.action)).toEqual(['day.first', 'day.last']);
    expect(asc.pagination).toMatchObject({ total: 4, totalPages: 2, hasNext: true });
  });

  it('has an index for every filter (no full scan of the log)', async () => {
    const store = await getStore();
    for (const [column, index] of [
      ['action', 'audit_org_action_created_idx'],
      ['entity_type', 'audit_org_entity_type_created_idx'],
      ['actor_id', 'audit_org_actor_created_idx'],
    ] as const) {
      const query = sql.raw(`select id from audit_events where organization_id = 'o' and ${column} = 'x' order by created_at desc limit 20`);
      // PostgreSQL plans by statistics (a small table is read whole): forbid that to see the index it would use.
      const plan =
        store.engine === 'sqlite'
          ? (await selectRows<{ detail: string }>(store, sql`explain query plan ${query}`)).map((p) => p.detail)
          : await store.transaction(async (tx) => {
              await selectRows(tx, sql`select set_config('enable_seqscan', 'off', true)`);
              return (await selectRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`)).map((p) => p['QUERY PLAN']);
            });
      expect(plan.join(' | ')).toContain(index);
    }
  });

  it('keeps labels for unknown actions readable', () => {
    expect(auditActionLabel('contract.update')).toBe('Contract updated');
    expect(auditActionLabel('chain.receipt_confirmed')).toBe('Chain receipt confirmed');
  });

  it('lists the actors who appear in the log', async () => {
    const actors = await listAuditActors(await getStore(), org.organization.id);
    expect(actors.map((a) => a.type).sort()).toEqual(['api_key', 'user']);
  });
});

describe('the activity search', () => {
  const search = async (term: string, organizationId = org.organization.id) =>
    (await listAuditEvents(await getStore(), organizationId, q({ search: term, limit: '100' }))).data.map((e) => e.action);

  it('finds events by the record’s name (ASCII case-insensitive), the action’s name, a person, an API key and an id', async () => {
    expect(await search('HARBOR')).toEqual(['contract.update', 'contract.create']);
    expect(await search('Contract deleted')).toEqual(['contract.delete']);
    expect(await search('new.person@EXAMPLE')).toEqual(['invitation.create']);
    // The admin did four of them; the API key the first.
    expect((await search(org.admin.email)).sort()).toEqual(['contract.create', 'contract.delete', 'contract.update', 'invitation.create']);
    expect(await search('ci-bot')).toEqual(['contract.create']);
    expect(await search(contractId.toUpperCase())).toEqual(['contract.update', 'contract.create']);
  });

  it('a term under three characters matches action names only; % and _ are literal; nothing leaks across organizations', async () => {
    expect(await search('HR')).toEqual([]);
    expect(await search('zz%')).toEqual([]);
    expect(await search('Elsewhere')).toEqual([]);
    expect(await search('Elsewhere', other.organization.id)).toEqual(['contract.create']);
  });

  it('finds an NFT’s events by its name', async () => {
    const store = await getStore();
    const nft = await insertNft(org.organization.id, contractId, { name: 'Lighthouse Keeper' });
    await recordAuditIn(store, userActor, { action: 'nft.create', entityType: 'nft', entityId: nft.id });
    expect(await search('thouse kee')).toEqual(['nft.create']);
  });

  it('the CSV export holds what the list shows, in its order, for a search and without', async () => {
    const session = { cookie, 'sec-fetch-site': 'same-origin' };
    for (const query of <Record<string, string>[]>[{}, { search: 'harbor' }, { search: org.admin.email }]) {
      const res = await call(exportRoute, { headers: session, query });
      expect(res.status).toBe(200);
      const ids = res.text.replace(/^\uFEFF/, '').split('\r\n').slice(1, -1).map((line) => line.split(',')[0]);
      const listed = await listAuditEvents(await getStore(), org.organization.id, q({ ...query, limit: '100' }));
      expect(ids, JSON.stringify(query)).toEqual(listed.data.map((e) => e.id));
    }
  });
});

describe('GET /api/v1/console/audit', () => {
  const session = () => ({ cookie, 'sec-fetch-site': 'same-origin' });

  it('answers the signed-in admin with their organization’s page', async () => {
    const res = await call(listRoute, { headers: session(), query: { action: 'contract.create', limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toMatchObject({ total: 2, limit: 1, totalPages: 2, hasNext: true });
    expect(res.json.filters).toMatchObject({ action: 'contract.create', actor: null });
    expect(res.json.data[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('names the field of an invalid filter', async () => {
    const bad = await call(listRoute, { headers: session(), query: { from: '2026-13-01', to: 'x', limit: 500 } });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual(
      expect.arrayContaining([expect.stringMatching(/^from: /), expect.stringMatching(/^to: /), expect.stringMatching(/^limit: /)]),
    );
    const reversed = await call(listRoute, { headers: session(), query: { from: '2026-02-01', to: '2026-01-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.json.details).toEqual(['to: must not be before from']);
  });

  it('is for signed-in admins only: no session → 401, an API key → 403', async () => {
    expect((await call(listRoute)).status).toBe(401);
    expect((await call(listRoute, { headers: { 'x-api-key': org.apiKey } })).status).toBe(403);
    expect((await call(listActorsRoute, { headers: { 'x-api-key': org.apiKey } })).status).toBe(403);
  });

  it('lists the actors for the filter', async () => {
    const res = await call(listActorsRoute, { headers: session() });
    expect(res.status).toBe(200);
    expect(res.json.data.map((a: { label: string }) => a.label)).toContain(org.admin.email);
  });
});
