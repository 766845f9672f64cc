import { sql } from 'drizzle-orm';
import { getStore } from '@/lib/storage/current';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as exportAuditRoute } from '@/app/api/v1/console/audit/export/route';
import { GET as exportContractsRoute } from '@/app/api/v1/console/export/contracts/route';
import { GET as exportMembersRoute } from '@/app/api/v1/console/export/members/route';
import { GET as exportNftsRoute } from '@/app/api/v1/console/export/nfts/route';
import { getDb } from '@/lib/storage/sqlite/client';
import { auditEvents, nfts, smartContracts } from '@/lib/storage/tables';
import { auditFilter, listAuditEvents } from '@/lib/audit/list';
import { auditRowsWhere } from '@/lib/storage/sqlite/lists/audit';
import { listAuditQuery } from '@/lib/audit/schemas';
import { createContract } from '@/lib/contracts/service';
import { listContractsQuery } from '@/lib/contracts/schemas';
import { listContracts } from '@/lib/contracts/service';
import type { Actor } from '@/lib/shared/actor';
import { bulkInvite } from '@/lib/invitations/service';
import { listMembersQuery } from '@/lib/members/schemas';
import { listMembers } from '@/lib/members/service';
import { listNftsQuery } from '@/lib/nfts/schemas';
import { listNfts } from '@/lib/nfts/service';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { csvField, csvLine } from './csv';
import { parseCsv } from '@/test/csv';

/** Every item of a Family A list, page by page (limit 100). */
type Page<T> = { data: T[]; pagination: { totalPages: number } };
async function everyPage<T>(list: (page: number) => Page<T> | Promise<Page<T>>): Promise<T[]> {
  const first = await list(1);
  const all = [...first.data];
  for (let p = 2; p <= first.pagination.totalPages; p++) all.push(...(await list(p)).data);
  return all;
}

type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let session: Record<string, string>;
let actor: Actor;
let contractId: string;

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  session = await adminSessionHeaders(org.admin.email);
  actor = { kind: 'user', userId: org.admin.id, organizationId: org.organization.id, requestId: 'export-test' };
  const store = await getStore();
  contractId = (await createContract(store, actor, { name: 'Export Harbor', symbol: 'EXH', network: 'POLYGON', env: 'TESTNET' })).id;
  await createContract(await getStore(), actor, { name: '=cmd|calc', symbol: 'EVIL', description: 'says "hi", twice', network: 'POLYGON', env: 'TESTNET' });
  const otherContract = await createContract(await getStore(), { ...actor, userId: other.admin.id, organizationId: other.organization.id }, { name: 'Elsewhere', symbol: 'ELS', network: 'POLYGON', env: 'TESTNET' });
  // 1,203 NFTs, many sharing a creation millisecond, so chunk borders fall inside ties.
  const base = Date.UTC(2026, 0, 1);
  // One statement (each row's triggers still run): a round trip per row took most of the hook's
  // budget on PostgreSQL.
  await store.transaction(async (tx) => {
    await tx.insert(nfts).values(
      Array.from({ length: 1203 }, (_, i) => ({
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
    await tx.insert(nfts).values({ organizationId: other.organization.id, smartContractId: otherContract.id, name: 'Harbor elsewhere' });
  });
  await bulkInvite(store, actor, { users: Array.from({ length: 30 }, (_, i) => ({ email: `export-${i}-${crypto.randomUUID().slice(0, 4)}@example.test` })) });
});

describe('csv fields', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02T00:00:00.000Z');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('GET /console/export/nfts', () => {
  it('streams exactly the rows of the A5 list, newest first, across chunk borders', async () => {
    const res = await call(exportNftsRoute, { headers: session });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="nfts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual(['id', 'name', 'description', 'status', 'copyrightStatus', 'tokenId', 'supply', 'contractId', 'contractName', 'contractSymbol', 'licence', 'imagePath', 'externalUrl', 'mintedAt', 'createdAt']);
    const listed = await everyPage(async (page) => listNfts(await getStore(), org.organization.id, listNftsQuery.parse({ page: String(page), limit: '100' })));
    expect(rows).toHaveLength(1203);
    expect(rows.map((r) => r[0])).toEqual(listed.map((n) => n.id));
    const byId = new Map(listed.map((n) => [n.id, n]));
    for (const r of rows) {
      const n = byId.get(r[0]!)!;
      expect(r[1]).toBe(n.name);
      expect(r[2]).toBe(n.description ?? '');
      expect(r[3]).toBe(n.status);
      expect(r[5]).toBe(n.tokenId === null ? '' : String(n.tokenId));
      expect(r[14]).toBe(n.createdAt.toISOString());
    }
  });

  it('applies the list filter: search (rare and common terms) and status', async () => {
    for (const query of <Record<string, string>[]>[{ search: 'harbor light 12' }, { search: 'harbor' }, { search: 'harbor', status: 'MINTED' }, { status: 'CREATED' }, { search: 'zz-none' }]) {
      const res = await call(exportNftsRoute, { headers: session, query });
      const rows = parseCsv(res.text).slice(1);
      const listed = await everyPage(async (page) => listNfts(await getStore(), org.organization.id, listNftsQuery.parse({ ...query, page: String(page), limit: '100' })));
      expect(rows.map((r) => r[0]), JSON.stringify(query)).toEqual(listed.map((n) => n.id));
    }
    expect(parseCsv((await call(exportNftsRoute, { headers: session, query: { search: 'elsewhere' } })).text)).toHaveLength(1);
  });

  it('is for the console only, and checks its query like the list', async () => {
    expect((await call(exportNftsRoute)).status).toBe(401);
    expect((await call(exportNftsRoute, { headers: { 'x-api-key': org.apiKey } })).status).toBe(403);
    const bad = await call(exportNftsRoute, { headers: session, query: { status: 'LOST' } });
    expect(bad.status).toBe(400);
    expect(bad.json.details[0]).toMatch(/^status: /);
  });
});

describe('GET /console/export/contracts and /members', () => {
  it('contracts: the A1 rows, quoted and formula-safe', async () => {
    const res = await call(exportContractsRoute, { headers: session });
    const [header, ...rows] = parseCsv(res.text);
    expect(header![0]).toBe('id');
    const listed = (await listContracts(await getStore(), org.organization.id, listContractsQuery.parse({ limit: '100' }))).data;
    expect(rows.map((r) => r[0])).toEqual(listed.map((c) => c.id));
    const evil = rows.find((r) => r[2] === 'EVIL')!;
    expect(evil[1]).toBe("'=cmd|calc");
    expect(evil[3]).toBe('says "hi", twice');
    const searched = parseCsv((await call(exportContractsRoute, { headers: session, query: { search: 'harbor' } })).text).slice(1);
    expect(searched.map((r) => r[1])).toEqual(['Export Harbor']);
  });

  it('members: members and pending invitations of the A9 filter', async () => {
    for (const query of <Record<string, string>[]>[{}, { status: 'PENDING' }, { search: 'export-1' }, { status: 'ACTIVE' }]) {
      const res = await call(exportMembersRoute, { headers: session, query });
      const rows = parseCsv(res.text).slice(1);
      const listed = await everyPage(async (page) => listMembers(await getStore(), org.organization.id, listMembersQuery.parse({ ...query, page: String(page), limit: '100' })));
      expect(rows.map((r) => r[0]), JSON.stringify(query)).toEqual(listed.map((m) => m.id));
      expect(rows.map((r) => r[1])).toEqual(listed.map((m) => m.kind));
    }
  });
});

describe('GET /console/audit/export and the activity search', () => {
  it('exports the activity filter as the list shows it, with the event data', async () => {
    for (const query of <Record<string, string>[]>[{}, { search: 'harbor' }, { search: 'invited' }, { action: 'invitation.create' }]) {
      const res = await call(exportAuditRoute, { headers: session, query });
      expect(res.status).toBe(200);
      const rows = parseCsv(res.text).slice(1);
      const listed = await everyPage(async (page) => listAuditEvents(await getStore(), org.organization.id, listAuditQuery.parse({ ...query, page: String(page), limit: '100' })));
      expect(rows.map((r) => r[0]), JSON.stringify(query)).toEqual(listed.map((e) => e.id));
      expect(rows.length).toBeGreaterThan(0);
    }
    const created = parseCsv((await call(exportAuditRoute, { headers: session, query: { search: 'export harbor' } })).text).slice(1);
    expect(created.map((r) => r[2])).toEqual(['contract.create']);
    expect(JSON.parse(created[0]![11]!)).toEqual({ name: 'Export Harbor' });
  });

  // The SQLite audit module's plans; PostgreSQL's are lib/audit/list.test.ts's.
  it.runIf(!process.env.DATABASE_URL)('reaches events through indexes only: no plan reads every event (SQLite)', () => {
    const db = getDb();
    for (const search of ['harbor', 'invited', 'ex', org.admin.email, contractId]) {
      const where = auditRowsWhere(org.organization.id, auditFilter({ search }));
      const plan = db.all<{ detail: string }>(sql`explain query plan select count(*) from "audit_events" not indexed where ${where}`).map((r) => r.detail);
      const scans = plan.filter((d) => /^SCAN (a|audit_events)\b/.test(d) && !/USING/.test(d));
      expect(scans, `${search}: ${plan.join(' | ')}`).toEqual([]);
    }
  });

  it('finds an event by the record’s name, the action’s name, a person and an id — only in the organization', async () => {
    const store = await getStore();
    const list = (search: string) => listAuditEvents(store, org.organization.id, listAuditQuery.parse({ search, limit: '100' }));
    expect((await list('EXPORT HARBOR')).data.map((e) => e.action)).toEqual(['contract.create']);
    expect((await list('Member invited')).pagination.total).toBe(30);
    expect((await list('export-3')).data.every((e) => e.action === 'invitation.create')).toBe(true);
    expect((await list(org.admin.email)).pagination.total).toBeGreaterThanOrEqual(32);
    expect((await list(contractId)).data.map((e) => e.entityId)).toEqual([contractId]);
    expect((await list('elsewhere')).pagination.total).toBe(0);
    // Terms of one or two characters match action names only.
    expect((await list('zq')).pagination.total).toBe(0);
    expect((await store.select().from(auditEvents).where(sql`${auditEvents.organizationId} = ${org.organization.id}`)).length).toBeGreaterThan(30);
    expect((await store.select().from(smartContracts)).length).toBeGreaterThan(0);
  });
});
