/**
 * BOLA matrix, generated from the route files: every exported method of every route under
 * app/api/v1, app/v1 and app/api/console is called with ANOTHER organization's credentials
 * (its Family A key, its admin session, its Family B tenant + key) on THIS organization's ids.
 * Invariants: a route that names one of our records (path or body) never answers 2xx (403/404
 * once the input is well formed); no response of any route carries one of our identifiers;
 * our organization's rows are byte-for-byte unchanged afterwards.
 * A new `[param]` fails the test until it is mapped to a record kind below.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, copyrightShares, outboxEmails } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { selectRows, type Store } from '@/lib/storage/store';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { PEER_HEADER } from '@/lib/http/client-address';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';

type Org = Awaited<ReturnType<typeof createTestOrg>>;
type Handler = Parameters<typeof call>[0];
type Kind = 'contract' | 'nft' | 'member' | 'user' | 'apiKey' | 'share' | 'transfer' | 'webhook' | 'auditEvent';
type VictimIds = Record<Kind, string> & { email: string };

const ROOTS = ['app/api/v1', 'app/v1', 'app/api/console'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `[id]` → the record kind, by the path segment before it. */
const PARAM_KINDS: Record<string, Kind> = {
  'contract/[id]': 'contract',
  'contracts/[id]': 'contract',
  'nft/[id]': 'nft',
  'nfts/[id]': 'nft',
  'user/[id]': 'member',
  'users/[id]': 'user',
  'api-keys/[id]': 'apiKey',
  'shares/[shareId]': 'share',
  'token/[id]': 'transfer',
  'webhook/[id]': 'webhook',
  'audit/[id]': 'auditEvent',
};

/** Well-formed bodies naming the victim's records, so the ownership check (not validation) answers. */
function bodyFor(method: string, route: string, v: VictimIds): unknown {
  const table: Record<string, unknown> = {
    'PUT /api/v1/cl2c/contract': { id: v.contract, deployedAt: new Date().toISOString() },
    'PUT /api/v1/cl2c/nft': { id: v.nft, name: 'taken over' },
    'POST /api/v1/cl2c/nft': { name: 'stolen', smartContractId: v.contract },
    'POST /api/v1/cl2c/token': { memberId: v.member, amount: 1 },
    'PUT /api/v1/cl2c/nft/[id]': { name: 'taken over' },
    'PUT /api/v1/cl2c/user/[id]': { resend: true },
    'PUT /v1/cl2c/user': { id: v.user, firstName: 'Taken' },
  };
  return table[`${method} ${route}`] ?? {};
}

/** Routes whose well-formed body or path names a victim record: 2xx would be a leak. */
function targetsVictim(method: string, route: string): boolean {
  return route.includes('[') || ['PUT /api/v1/cl2c/contract', 'PUT /api/v1/cl2c/nft', 'POST /api/v1/cl2c/nft', 'POST /api/v1/cl2c/token', 'PUT /v1/cl2c/user'].includes(`${method} ${route}`);
}

function routeFiles(): { file: string; route: string }[] {
  const out: { file: string; route: string }[] = [];
  for (const root of ROOTS) {
    for (const entry of readdirSync(root, { recursive: true }) as string[]) {
      if (path.basename(entry) !== 'route.ts') continue;
      const dir = path.dirname(entry) === '.' ? '' : `/${path.dirname(entry)}`;
      const route = `/${root.replace(/^app\//, '')}${dir}`.split(path.sep).join('/').replace(/\/\([^)]+\)/g, '');
      if (route.endsWith('openapi.json')) continue; // public documents
      out.push({ file: path.join(root, entry), route });
    }
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

function paramsFor(route: string, v: VictimIds): Record<string, string> {
  const params: Record<string, string> = {};
  const segments = route.split('/');
  segments.forEach((segment, i) => {
    const m = /^\[(\.\.\.)?(\w+)\]$/.exec(segment);
    if (!m) return;
    const key = `${segments[i - 1]}/${segment}`;
    const kind = PARAM_KINDS[key];
    if (!kind) throw new Error(`BOLA matrix: map "${key}" of ${route} to a record kind in PARAM_KINDS`);
    params[m[2]!] = v[kind];
  });
  return params;
}

/**
 * Every table of the engine's database with an organization_id column, from its own catalog (so the
 * engine's derived tables count too: SQLite's member_list and nft_supply_counts, PostgreSQL's
 * member_list, list_counts and list_generations).
 */
async function organizationTables(store: Store): Promise<string[]> {
  const rows =
    store.engine === 'sqlite'
      ? await selectRows<{ name: string }>(
          store,
          sql`SELECT m.name AS name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND c.name = 'organization_id'`,
        )
      : await selectRows<{ name: string }>(
          store,
          sql`SELECT c.table_name AS name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
              WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.column_name = 'organization_id'`,
        );
  return rows.map((r) => r.name).sort();
}

/** Rows in one order whatever order the engine read them in (the same rows give the same text). */
const canonical = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

/** Every row of every table that carries our organization id, plus our members' user rows. */
async function snapshot(organizationId: string): Promise<string> {
  const store = await getStore();
  const tables = await organizationTables(store);
  expect(tables).toEqual(expect.arrayContaining(['audit_events', 'nfts', 'token_transfers', 'user_organizations', 'webhook_endpoints']));
  const rows: Record<string, string[]> = {};
  for (const name of tables) {
    rows[name] = canonical(await selectRows(store, sql`SELECT * FROM ${sql.identifier(name)} WHERE organization_id = ${organizationId}`));
  }
  rows.users = canonical(await selectRows(store, sql`SELECT u.* FROM users u JOIN user_organizations m ON m.user_id = u.id WHERE m.organization_id = ${organizationId}`));
  return JSON.stringify(rows);
}

let victim: Org;
let attacker: Org;
let v: VictimIds;
let attackerSession: Record<string, string>;

beforeAll(async () => {
  process.env.RATE_LIMIT_PER_MINUTE = '100000';
  // The victim's webhook endpoint points at a loopback receiver (nothing listens: no delivery matters here).
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = '1';
  const { resetEnvCache } = await import('@/lib/env');
  resetEnvCache();
  victim = await createTestOrg();
  attacker = await createTestOrg();
  attackerSession = await adminSessionHeaders(attacker.admin.email);
  const { POST: createContract } = await import('@/app/api/v1/cl2c/contract/route');
  const { POST: createNft } = await import('@/app/api/v1/cl2c/nft/route');
  const { POST: invite } = await import('@/app/api/v1/cl2c/user/bulk/route');
  const { GET: members } = await import('@/app/api/v1/cl2c/user/route');
  const { POST: createKey } = await import('@/app/api/console/api-keys/route');
  const h = { 'x-api-key': victim.apiKey };
  const contract = await call(createContract, { method: 'POST', headers: h, body: { name: 'Victim contract', symbol: 'VIC' } });
  const email = `victim-member-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const store = await getStore();
  const registered = await store.transaction((tx) =>
    registerUserInOrganizationIn(tx, victim.organization.id, { email, firstName: 'Vic', lastName: 'Tim', userName: `vic_${crypto.randomUUID().slice(0, 8)}` }),
  );
  // The NFT carries a copyright share, so share-level routes have a victim record to aim at.
  const nft = await call(createNft, {
    method: 'POST',
    headers: h,
    body: { name: 'Victim NFT', smartContractId: contract.json.id, copyright: [{ userId: registered.user.id, percentage: 100 }] },
  });
  const [share] = await store.select({ id: copyrightShares.id }).from(copyrightShares).where(eq(copyrightShares.nftId, nft.json.id));
  await call(invite, { method: 'POST', headers: h, body: { users: [{ email: `victim-invitee-${crypto.randomUUID().slice(0, 8)}@example.test` }] } });
  const list = await call(members, { headers: h, query: { search: email } });
  const key = await call(createKey, { method: 'POST', headers: await adminSessionHeaders(victim.admin.email), body: { name: 'victim key', family: 'A' } });
  const { POST: sendTokens } = await import('@/app/api/v1/cl2c/token/route');
  const sent = await call(sendTokens, { method: 'POST', headers: h, body: { memberId: registered.membershipId, amount: 1 } });
  const { POST: createHook } = await import('@/app/api/v1/cl2c/webhook/route');
  const hook = await call(createHook, { method: 'POST', headers: h, body: { url: 'http://127.0.0.1:9/victim-hook' } });
  expect([contract.status, nft.status, list.status, key.status, sent.status, hook.status]).toEqual([201, 201, 200, 201, 200, 201]);
  v = {
    contract: contract.json.id,
    nft: nft.json.id,
    member: list.json.data[0].id,
    user: registered.user.id,
    apiKey: key.json.id,
    share: share!.id,
    transfer: sent.json.transferId,
    webhook: hook.json.endpoint.id,
    auditEvent: (await store.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.organizationId, victim.organization.id)).limit(1))[0]!.id,
    email,
  };
});

describe('BOLA matrix (generated from app/**/route.ts)', () => {
  it('another organization gets no 2xx on our records, never sees our ids, changes nothing', async () => {
    const before = await snapshot(victim.organization.id);
    const secrets = () => [v.contract, v.nft, v.member, v.user, v.apiKey, v.share, v.webhook, v.auditEvent, v.email, victim.admin.email, victim.organization.id];
    const calls: string[] = [];
    const failures: string[] = [];
    for (const { file, route } of routeFiles()) {
      const mod = (await import(path.resolve(file))) as Partial<Record<(typeof METHODS)[number], Handler>>;
      const isFamilyB = route.startsWith('/v1/');
      const credentials: [string, Record<string, string>][] = isFamilyB
        ? [
            ['B key', { tenant: attacker.organization.tenant, 'x-api-key': attacker.tenantApiKey }],
            ['B key + our tenant', { tenant: victim.organization.tenant, 'x-api-key': attacker.tenantApiKey }],
          ]
        : [
            ['A key', { 'x-api-key': attacker.apiKey }],
            ['admin session', attackerSession],
          ];
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        const params = paramsFor(route, v);
        for (const [label, headers] of credentials) {
          const body = method === 'GET' || method === 'DELETE' ? undefined : bodyFor(method, route, v);
          const res = await call(handler, {
            method,
            path: route,
            params,
            headers: { ...headers, [PEER_HEADER]: '203.0.113.66' },
            body,
          });
          const name = `${method} ${route} [${label}] → ${res.status}`;
          calls.push(name);
          if (targetsVictim(method, route)) {
            const ok = body === undefined || Object.keys(body as object).length > 0 ? [401, 403, 404] : [400, 401, 403, 404];
            if (!ok.includes(res.status)) failures.push(`${name} (expected ${ok.join('/')})`);
          } else if (res.status >= 500) {
            failures.push(name);
          }
          const leaked = secrets().filter((s) => res.text.includes(s));
          if (leaked.length) failures.push(`${name} leaks ${leaked.join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls.length).toBeGreaterThan(40);
    expect(await snapshot(victim.organization.id)).toBe(before);
  });
});

describe('BOLA: the link routes and the membership changes (issue 26)', () => {
  it('another organization’s key or admin session (or nobody) cannot accept our invitation or decide our holder’s share; role/status changes are 404', async () => {
    const before = await snapshot(victim.organization.id);
    const { POST: acceptInvite } = await import('@/app/api/invite/[token]/route');
    const { GET: viewLink, POST: decideLink } = await import('@/app/api/copyright/[token]/route');
    const { PUT: updateMember } = await import('@/app/api/v1/cl2c/user/[id]/route');
    const mails = await (await getStore()).select({ text: outboxEmails.text }).from(outboxEmails).where(eq(outboxEmails.organizationId, victim.organization.id));
    const copyrightToken = mails.map((m) => /\/copyright\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]).find(Boolean)!;
    const inviteToken = mails.map((m) => /\/invite\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]).find(Boolean)!;
    expect(copyrightToken && inviteToken).toBeTruthy();
    const failures: string[] = [];
    const who: [string, Record<string, string>][] = [
      ['nobody', {}],
      ['attacker A key', { 'x-api-key': attacker.apiKey }],
      ['attacker admin session', attackerSession],
      ['victim admin session', await adminSessionHeaders(victim.admin.email)],
    ];
    for (const [label, headers] of who) {
      const decided = await call(decideLink, { method: 'POST', params: { token: copyrightToken }, headers, body: { decision: 'AUTHORIZE', location: 'Lisbon, Portugal' } });
      if (![401, 403].includes(decided.status)) failures.push(`POST /api/copyright/<token> [${label}] → ${decided.status}`);
      // A registered invitee exists only if somebody registered them; the victim's invitee is new, so
      // the form registers them — but a registered person (the victim's member) is never joined by others.
      const joined = await call(acceptInvite, { method: 'POST', params: { token: inviteToken }, headers, body: {} });
      if (joined.status < 400) failures.push(`POST /api/invite/<token> {} [${label}] → ${joined.status}`);
      for (const change of [{ role: 'ADMIN' }, { status: 'SUSPENDED' }, { email: 'moved@evil.test' }]) {
        if (label === 'nobody' || label === 'victim admin session') continue;
        const res = await call(updateMember, { method: 'PUT', params: { id: v.member }, headers: { ...headers, 'sec-fetch-site': 'same-origin' }, body: change });
        if (res.status !== 404) failures.push(`PUT /api/v1/cl2c/user/<our member> ${JSON.stringify(change)} [${label}] → ${res.status}`);
      }
    }
    for (const token of ['A'.repeat(43), 'nope']) {
      expect((await call(viewLink, { params: { token } })).status).toBe(404);
      expect((await call(acceptInvite, { method: 'POST', params: { token }, body: {} })).status).toBe(404);
    }
    expect(failures).toEqual([]);
    // Only the audit log grew (refused uses of a known link are audited as copyright.link_refused).
    const withoutRefusals = (snap: string) => {
      const rows = JSON.parse(snap) as Record<string, string[]>;
      rows.audit_events = rows.audit_events!.filter((e) => (JSON.parse(e) as { action: string }).action !== 'copyright.link_refused');
      return rows;
    };
    expect(withoutRefusals(await snapshot(victim.organization.id))).toEqual(withoutRefusals(before));
  });
});
