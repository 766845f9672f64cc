import type { Database } from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listActorsRoute } from '@/app/api/v1/console/audit/actors/route';
import { GET as listRoute } from '@/app/api/v1/console/audit/route';
import { getDb } from '@/db/client';
import { auditEvents } from '@/db/schema';
import { createApiKey } from '@/lib/api-keys/service';
import { getAuth } from '@/lib/auth/server';
import { createContract, deleteContract, updateContract } from '@/lib/contracts/service';
import type { Actor } from '@/lib/http/actor';
import { bulkInvite } from '@/lib/invitations/service';
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
  const db = getDb();
  const key = await createApiKey(await getStore(), { organizationId: org.organization.id, userId: org.admin.id, family: 'A', name: 'ci-bot' });
  keyActor = { kind: 'api_key', keyId: key.id, userId: org.admin.id, organizationId: org.organization.id, requestId: 'r1' };
  userActor = { kind: 'user', userId: org.admin.id, organizationId: org.organization.id, requestId: 'r2' };
  // Events stamped in the same millisecond order by their random id; a tick apart keeps the
  // expected newest-first order exact.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
  const c = createContract(db, keyActor, { name: 'Harbor', symbol: 'HRB', network: 'POLYGON', env: 'TESTNET' });
  contractId = c.id;
  await tick();
  updateContract(db, userActor, { id: c.id, status: 'FAILED' });
  await tick();
  const gone = createContract(db, userActor, { name: 'Gone', symbol: 'GN', network: 'POLYGON', env: 'TESTNET' });
  await tick();
  deleteContract(db, userActor, gone.id);
  await tick();
  await bulkInvite(await getStore(), userActor, { users: [{ email: 'new.person@example.test' }] });
  // Another organization's events never show.
  createContract(db, { ...userActor, userId: other.admin.id, organizationId: other.organization.id }, {
    name: 'Elsewhere',
    symbol: 'ELS',
    network: 'POLYGON',
    env: 'TESTNET',
  });
  cookie = await signIn(org.admin.email);
});

describe('listAuditEvents', () => {
  it('lists the organization’s events newest first, with labels, actors and links', () => {
    const page = listAuditEvents(getDb(), org.organization.id, q());
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

  it('filters by actor, action, record type and record', () => {
    const db = getDb();
    const keyId = keyActor.kind === 'api_key' ? keyActor.keyId : '';
    expect(listAuditEvents(db, org.organization.id, q({ actor: keyId })).data.map((e) => e.entityLabel)).toEqual(['Harbor (HRB)']);
    expect(listAuditEvents(db, org.organization.id, q({ action: 'contract.create' })).pagination.total).toBe(2);
    expect(listAuditEvents(db, org.organization.id, q({ entityType: 'invitation' })).data).toHaveLength(1);
    expect(listAuditEvents(db, org.organization.id, q({ entityType: 'smart_contract', entityId: contractId })).data.map((e) => e.action)).toEqual([
      'contract.update',
      'contract.create',
    ]);
  });

  it('filters by UTC day range, both days included', () => {
    const db = getDb();
    const at = (iso: string, action: string) =>
      db.insert(auditEvents).values({ organizationId: other.organization.id, actorType: 'system', action, entityType: 'test', createdAt: new Date(iso) }).run();
    at('2026-01-09T23:59:59.999Z', 'day.before');
    at('2026-01-10T00:00:00.000Z', 'day.first');
    at('2026-01-11T23:59:59.999Z', 'day.last');
    at('2026-01-12T00:00:00.000Z', 'day.after');
    const range = listAuditEvents(db, other.organization.id, q({ from: '2026-01-10', to: '2026-01-11' }));
    expect(range.data.map((e) => e.action)).toEqual(['day.last', 'day.first']);
    expect(listAuditEvents(db, other.organization.id, q({ to: '2026-01-09' })).data.map((e) => e.action)).toEqual(['day.before']);
    const asc = listAuditEvents(db, other.organization.id, q({ from: '2026-01-10', sortOrder: 'asc', limit: '2' }));
    expect(asc.data.map((e) => e.action)).toEqual(['day.first', 'day.last']);
    expect(asc.pagination).toMatchObject({ total: 4, totalPages: 2, hasNext: true });
  });

  it('uses an index for every filter (no full scan of the log)', () => {
    const sqlite = (getDb() as unknown as { $client: Database }).$client;
    for (const [column, index] of [
      ['action', 'audit_org_action_created_idx'],
      ['entity_type', 'audit_org_entity_type_created_idx'],
      ['actor_id', 'audit_org_actor_created_idx'],
    ] as const) {
      const plan = sqlite
        .prepare(`explain query plan select id from audit_events where organization_id = ? and ${column} = ? order by created_at desc limit 20`)
        .all('o', 'x') as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' | ')).toContain(index);
    }
  });

  it('keeps labels for unknown actions readable', () => {
    expect(auditActionLabel('contract.update')).toBe('Contract updated');
    expect(auditActionLabel('chain.receipt_confirmed')).toBe('Chain receipt confirmed');
  });

  it('lists the actors who appear in the log', () => {
    const actors = listAuditActors(getDb(), org.organization.id);
    expect(actors.map((a) => a.type).sort()).toEqual(['api_key', 'user']);
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
