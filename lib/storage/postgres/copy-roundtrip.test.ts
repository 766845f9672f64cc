import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { getStore } from '@/lib/storage/current';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { familyAClient } from '@/test/api-client';
import { adminSessionHeaders, createTestOrg } from '@/test/helpers';
import { withPostgres } from '@/test/postgres/database';
import { answer, type ReplayAnswer, type ReplayRequest } from '@/test/postgres/replay';

/*
 * The `db copy` round trip of issue 28: a SQLite database seeded through the real services
 * (organizations, contracts in every status, NFTs with copyright holders, members, invitations, the
 * audit entries all of that writes, queued mails) is copied to an empty PostgreSQL database by
 * the CLI's `db copy`; then every list, search, read and export is asked of the real route handlers
 * on each engine — here on SQLite, and in a process of its own with DATABASE_URL on PostgreSQL
 * (test/postgres/replay.ts: a process runs on one engine) — and every answer must be the same
 * status and the same body, byte for byte.
 */
const pg = withPostgres();
const ORIGIN = 'http://127.0.0.1:3999';
const uniq = () => crypto.randomUUID().slice(0, 8);
const requests: { label: string; request: ReplayRequest }[] = [];
let onSqlite: ReplayAnswer[];
let onPostgres: ReplayAnswer[];
let copyRun: ReturnType<typeof spawnSync>;

const get = (label: string, url: string, headers: Record<string, string>) => requests.push({ label, request: { method: 'GET', url: `${ORIGIN}${url}`, headers } });
const post = (label: string, url: string, headers: Record<string, string>, body: unknown) =>
  requests.push({ label, request: { method: 'POST', url: `${ORIGIN}${url}`, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) } });
const qs = (q: Record<string, string | number | boolean | undefined>) => new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

async function seedOrganization(label: string) {
  const org = await createTestOrg(`${label} ${uniq()}`);
  const client = familyAClient(org.apiKey);
  const store = await getStore();
  const people = [];
  for (const [i, who] of ['Ana', 'ben', 'Çelik', 'DÜRR', 'ēva'].entries()) {
    people.push(
      await store.transaction((tx) =>
        registerUserInOrganizationIn(tx, org.organization.id, { email: `${who.toLowerCase()}-${i}-${uniq()}@Example.test`, firstName: who, lastName: i % 2 ? 'Straße' : 'İnce', userName: `${who}_${uniq()}` }),
      ),
    );
  }
  const contracts = [];
  for (const [i, name] of [`${label} Genesis`, 'harbor_50% Σίσυφος', 'Zebra ß édition', 'alpha'].entries()) {
    const res = await client.POST('/cl2c/contract', { body: { name, symbol: `S${i}`, description: i % 2 ? 'KELVIN \u212a' : undefined, env: 'TESTNET', metadata: { curator: who(i), z: i, a: [1, 2] } } });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    contracts.push(res.data!);
  }
  function who(i: number) {
    return ['Ana', 'Ben', null, 'Zoë'][i];
  }
  const deployed = await client.PUT('/cl2c/contract', { body: { id: contracts[1]!.id, status: 'DEPLOYED', contractAddress: `0x${'ab'.repeat(20)}`, deployedAt: '2026-03-04T05:06:07.089Z' } });
  expect(deployed.response.status, JSON.stringify(deployed.error)).toBe(200);
  const failed = await client.PUT('/cl2c/contract', { body: { id: contracts[2]!.id, status: 'FAILED' } });
  expect(failed.response.status, JSON.stringify(failed.error)).toBe(200);
  const nfts = [];
  const names = ['Sunrise', 'sunrise two', 'Moonlight ΣΑΣ', 'éclair über', 'a_b 100%', 'Kelvin \u212a', 'zz', 'İstanbul', 'harbor violet #12', 'x'];
  for (const [i, name] of names.entries()) {
    const holders = i % 3 === 0 ? [{ userId: people[i % 5]!.user.id, percentage: 60 }, { userId: people[(i + 1) % 5]!.user.id, percentage: 40 }] : undefined;
    const res = await client.POST('/cl2c/nft', {
      body: { name, smartContractId: contracts[i % 4]!.id, supply: (i % 4) + 1, description: i % 2 ? `plain ${name.toUpperCase()} 100% l_p` : undefined, metadata: i % 3 ? { n: i, tags: ['x', 'ÿ'] } : undefined, copyright: holders },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    nfts.push(res.data!);
  }
  const minted = await client.PUT('/cl2c/nft', { body: { id: nfts[1]!.id, status: 'MINTED', mintedAt: '2026-05-06T07:08:09.010Z' } });
  expect(minted.response.status, JSON.stringify(minted.error)).toBe(200);
  const bulk = await client.POST('/cl2c/user/bulk', {
    body: { users: [{ email: `invitee-${uniq()}@example.test` }, { email: `Other-${uniq()}@Example.test`, phone: '+15551234567' }, { email: people[0]!.user.email }] },
  });
  expect(bulk.response.status).toBe(200);
  const invited = bulk.data!.data.results.filter((r) => r.status === 'invited').map((r) => r.id);
  const session = await adminSessionHeaders(org.admin.email);
  return { org, people, contracts, nfts, invited, session };
}

function ask(o: Awaited<ReturnType<typeof seedOrganization>>) {
  const a = { 'x-api-key': o.org.apiKey };
  const b = { tenant: o.org.organization.tenant, 'X-API-Key': o.org.tenantApiKey };
  const tag = o.org.organization.tenant;
  // A1
  for (const q of [{}, { limit: 2 }, { limit: 2, page: 2 }, { search: 'a' }, { search: 'HARBOR_50%' }, { search: 'σ' }, { status: 'DEPLOYED' }, { sortBy: 'name', sortOrder: 'asc' }, { sortBy: 'name', sortOrder: 'desc', limit: 3, page: 2 }, { sortBy: 'status' }, { sortBy: 'deployedAt', sortOrder: 'asc' }, { sortBy: 'symbol' }])
    get(`${tag} A1 ${qs(q)}`, `/api/v1/cl2c/contract?${qs(q)}`, a);
  // A5
  for (const q of [{}, { limit: 3 }, { limit: 3, page: 3 }, { search: 'sun' }, { search: 'É' }, { search: '100%' }, { search: 'k' }, { status: 'MINTED' }, { contractId: o.contracts[0]!.id }, { sortBy: 'name', sortOrder: 'asc' }, { sortBy: 'supply', sortOrder: 'desc' }, { sortBy: 'mintedAt' }, { sortBy: 'status', sortOrder: 'asc', limit: 4, page: 2 }, { copyrightStatus: 'AWAITING' }, { copyrightStatus: 'NONE' }])
    get(`${tag} A5 ${qs(q)}`, `/api/v1/cl2c/nft?${qs(q)}`, a);
  // A9
  for (const q of [{}, { limit: 2, page: 2 }, { search: 'e' }, { search: 'ÇELIK' }, { search: 'example.test' }, { status: 'PENDING' }, { status: 'ACTIVE' }, { hasWallet: true }, { hasWallet: false }, { sortBy: 'email', sortOrder: 'asc' }, { sortBy: 'status' }, { sortBy: 'updatedAt', sortOrder: 'asc' }])
    get(`${tag} A9 ${qs(q)}`, `/api/v1/cl2c/user?${qs(q)}`, a);
  // A10: members and invitations
  for (const p of o.people) get(`${tag} A10 member`, `/api/v1/cl2c/user/${p.membershipId}`, a);
  for (const id of o.invited) get(`${tag} A10 invitation`, `/api/v1/cl2c/user/${id}`, a);
  // Reads of one record
  for (const c of o.contracts) get(`${tag} contract`, `/api/v1/cl2c/contract/${c.id}`, a);
  for (const n of o.nfts) {
    get(`${tag} nft detail`, `/api/v1/cl2c/nft/${n.id}`, a);
    get(`${tag} nft metadata`, `/api/v1/cl2c/nft/${n.id}/metadata`, a);
    get(`${tag} B2`, `/v1/cl2c/nfts/${n.id}`, b);
  }
  get(`${tag} holders`, `/api/v1/cl2c/nft/holders`, a);
  // B1
  for (const body of [
    {},
    { pageSize: 3, pageNumber: 2 },
    { keyword: 'sun' },
    { keyword: 'Σ' },
    { keyword: 'ü' },
    { keyword: 'k' },
    { advancedSearch: { fields: ['name'], keyword: 'ISTANBUL' } },
    { advancedSearch: { fields: ['description'], keyword: '100%' }, keyword: 'zz' },
    { smartContractId: o.contracts[1]!.id },
    { orderBy: ['name'] },
    { orderBy: ['smartContractName desc', 'supply'] },
    { orderBy: ['mintedAt DESC'], pageSize: 4 },
    { advancedFilter: { field: 'name', operator: 'contains', value: 'SUN' } },
    { advancedFilter: { field: 'description', operator: 'eq', value: null } },
    { advancedFilter: { field: 'supply', operator: 'gte', value: '2' }, orderBy: ['supply desc'] },
  ])
    post(`${tag} B1 ${JSON.stringify(body)}`, '/v1/cl2c/nfts/search', b, body);
  // B3, B4
  get(`${tag} B3`, '/v1/cl2c/users', b);
  for (const p of o.people) get(`${tag} B4`, `/v1/cl2c/users/${p.user.id}`, b);
  // The console: audit log, actors, one event, the Outbox, the transfers, the exports.
  const s = o.session;
  for (const q of [{}, { limit: 5, page: 2 }, { search: 'harbor' }, { search: 'Ana' }, { action: 'contract.create' }, { action: 'nft.create', limit: 3 }])
    get(`${tag} audit ${qs(q)}`, `/api/v1/console/audit?${qs(q)}`, s);
  get(`${tag} audit actors`, '/api/v1/console/audit/actors', s);
  get(`${tag} outbox`, '/api/v1/console/outbox', s);
  get(`${tag} console contract`, `/api/v1/console/contracts/${o.contracts[1]!.id}`, s);
  for (const what of ['contracts', 'nfts', 'members']) get(`${tag} export ${what}`, `/api/v1/console/export/${what}`, s);
  get(`${tag} webhooks`, '/api/v1/cl2c/webhook', a);
}

beforeAll(async () => {
  const seeded = [await seedOrganization('Straße Éditions'), await seedOrganization('ΟΔΟΣ İstanbul')];
  for (const o of seeded) ask(o);
  // One audit event's detail per organization, by id from its list.
  const lists = await answer(seeded.map((o) => ({ method: 'GET', url: `${ORIGIN}/api/v1/console/audit?limit=3`, headers: o.session })));
  for (const [i, o] of seeded.entries()) {
    for (const e of (JSON.parse(lists[i]!.text) as { data: { id: string }[] }).data) get(`audit event`, `/api/v1/console/audit/${e.id}`, o.session);
  }
  onSqlite = await answer(requests.map((r) => r.request));

  const tsx = path.join('node_modules', '.bin', 'tsx');
  copyRun = spawnSync(tsx, ['scripts/cli.ts', 'db', 'copy', '--from', env().DATABASE_PATH, '--to', pg.url()], { encoding: 'utf8', timeout: 120_000 });
  const replay = spawnSync(tsx, ['test/postgres/replay.ts'], {
    env: { ...process.env, DATABASE_URL: pg.url() },
    input: JSON.stringify(requests.map((r) => r.request)),
    encoding: 'utf8',
    timeout: 180_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (replay.status !== 0) throw new Error(`replay on PostgreSQL failed (${replay.status}): ${replay.stderr}`);
  onPostgres = JSON.parse(replay.stdout) as ReplayAnswer[];
}, 300_000);

describe('db copy round trip: SQLite → PostgreSQL answers identically', () => {
  it('db copy succeeds through the CLI', () => {
    expect(copyRun.status, String(copyRun.stderr)).toBe(0);
  });

  it('every request succeeded on SQLite (so the comparison compares answers, not errors)', () => {
    const failed = requests.flatMap((r, i) => (onSqlite[i]!.status === 200 ? [] : [`${r.label}: ${onSqlite[i]!.status} ${onSqlite[i]!.text.slice(0, 200)}`]));
    expect(failed).toEqual([]);
    expect(requests.length).toBeGreaterThan(150);
  });

  it('every list, search, read and export answers byte for byte the same on PostgreSQL', () => {
    const differ = requests.flatMap((r, i) =>
      onPostgres[i]!.status === onSqlite[i]!.status && onPostgres[i]!.text === onSqlite[i]!.text
        ? []
        : [`${r.label}\n  sqlite   ${onSqlite[i]!.status} ${onSqlite[i]!.text.slice(0, 300)}\n  postgres ${onPostgres[i]!.status} ${onPostgres[i]!.text.slice(0, 300)}`],
    );
    expect(differ.join('\n')).toBe('');
  });

  it('the lists are not trivially empty', () => {
    const total = (label: string) => JSON.parse(onSqlite[requests.findIndex((r) => r.label.endsWith(label))]!.text) as { pagination?: { total: number }; totalCount?: number };
    expect(total('A1 ').pagination!.total).toBe(4);
    expect(total('A5 ').pagination!.total).toBe(10);
    expect(total('A9 ').pagination!.total).toBeGreaterThanOrEqual(7);
    expect(total('B1 {}').totalCount).toBe(10);
  });
});
