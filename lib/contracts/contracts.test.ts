import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as consoleContractRoute } from '@/app/api/v1/console/contracts/[id]/route';
import { GET as exportContractsRoute } from '@/app/api/v1/console/export/contracts/route';
import { smartContracts } from '@/lib/storage/tables';
import { EXPORT_CHUNK } from '@/lib/export/csv';
import { getStore } from '@/lib/storage/current';
import { selectRows } from '@/lib/storage/store';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { listContracts } from './service';
import { parseCsv } from '@/test/csv';

/*
 * The contract reads the console uses, on the engine of the run: the CSV export's keyset chunks
 * (borders inside runs of equal creation times) and the by-id look-up.
 */

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
let session: Record<string, string>;
const ROWS = 2 * EXPORT_CHUNK + 7;

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  session = await adminSessionHeaders(org.admin.email);
  const store = await getStore();
  // Many contracts share a creation millisecond, so chunk borders fall inside ties.
  const base = Date.UTC(2026, 0, 1);
  await store.insert(smartContracts).values(
    Array.from({ length: ROWS }, (_, i) => ({
      organizationId: org.organization.id,
      name: i % 3 === 0 ? `Harbor ${i}` : `Field ${i}`,
      symbol: `S${i}`,
      description: i % 5 === 0 ? 'line one\nline, two' : null,
      status: i % 4 === 0 ? ('DEPLOYED' as const) : ('CREATED' as const),
      contractAddress: i % 4 === 0 ? '0x000000000000000000000000000000000000dEaD' : null,
      createdAt: new Date(base + (i % 7)),
    })),
  );
  await store.insert(smartContracts).values({ organizationId: other.organization.id, name: 'Harbor elsewhere', symbol: 'ELS' });
});

describe('GET /console/export/contracts', () => {
  it('every contract of the filter once, newest first with the id breaking ties, across chunk borders', async () => {
    const store = await getStore();
    const want = await selectRows<{ id: string }>(
      store,
      sql`select id from smart_contracts where organization_id = ${org.organization.id} order by created_at desc, id desc`,
    );
    const res = await call(exportContractsRoute, { headers: session });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      'id', 'name', 'symbol', 'description', 'network', 'env', 'status', 'contractAddress', 'deploymentTransactionHash',
      'totalNFTs', 'deployedAt', 'createdAt',
    ]);
    expect(rows).toHaveLength(ROWS);
    expect(rows.map((r) => r[0])).toEqual(want.map((w) => w.id));
    const multiline = rows.find((r) => r[3] !== '')!;
    expect(multiline[3]).toBe('line one\nline, two');
    expect(rows[0]![11]).toMatch(/^2026-01-01T00:00:00\.00\dZ$/);
    expect(rows[0]![9]).toBe('0');
  });

  it('a search and a status narrow it as the A1 list does; other organizations never show', async () => {
    const res = await call(exportContractsRoute, { headers: session, query: { search: 'harbor', status: 'DEPLOYED' } });
    const [, ...rows] = parseCsv(res.text);
    const listed = await listContracts(await getStore(), org.organization.id, {
      search: 'harbor',
      status: 'DEPLOYED',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: 1,
      limit: 100,
    });
    expect(rows.length).toBe(listed.pagination.total);
    expect(rows.length).toBeGreaterThan(50);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(listed.data.map((c) => c.id)));
    expect(rows.every((r) => /harbor/i.test(r[1]!) && r[6] === 'DEPLOYED')).toBe(true);
  });

  it('is for a signed-in admin only', async () => {
    expect((await call(exportContractsRoute, { headers: { 'x-api-key': org.apiKey } })).status).toBe(403);
  });
});

describe('GET /console/contracts/{id}', () => {
  it('gives the organization’s contract as A1 lists it, 404 for another organization’s', async () => {
    const store = await getStore();
    const [mine] = await store.insert(smartContracts).values({ organizationId: org.organization.id, name: 'Picked', symbol: 'PK' }).returning();
    const res = await call(consoleContractRoute, { headers: session, params: { id: mine!.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: mine!.id, name: 'Picked', symbol: 'PK', metadata: {}, totalNFTs: 0, status: 'CREATED' });
    expect(res.json.organizationId).toBeUndefined();
    const [theirs] = await store.insert(smartContracts).values({ organizationId: other.organization.id, name: 'Theirs', symbol: 'TH' }).returning();
    const foreign = await call(consoleContractRoute, { headers: session, params: { id: theirs!.id } });
    expect(foreign.status).toBe(404);
  });
});
