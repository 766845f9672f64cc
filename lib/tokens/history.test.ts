import { eq as sqlEq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getTransferRoute } from '@/app/api/v1/cl2c/token/[id]/route';
import { GET as listTransfersRoute } from '@/app/api/v1/console/transfers/route';
import { chainTransactions, chainTxAttempts, chainTxEvents, tokenTransfers, userOrganizations, users } from '@/lib/storage/tables';
import { nextChainSeqIn } from '@/lib/chain/sequence';
import { getStore } from '@/lib/storage/current';
import { call, createTestOrg } from '@/test/helpers';

/*
 * The send history (GET /console/transfers) and one send (GET /cl2c/token/{id}) on the Store: the
 * same answers on SQLite and PostgreSQL — created_at ties in insertion order, ASCII-only case
 * folding, `%` and `_` literal, exact totals, the latest ledger row with its attempts and history in
 * insertion order — and another organization's send is 404.
 */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
let other: Org;
let alice: string;
let bob: string;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

type Sent = { id: string; seq: number; createdAt: Date; status: string; tokenType: string; email: string | null; name: string | null; hash: string | null; to: string };
const sent: Sent[] = [];

async function member(email: string, name: string) {
  const store = await getStore();
  const [user] = await store.insert(users).values({ email, name, isRegistered: true }).returning();
  const [membership] = await store.insert(userOrganizations).values({ organizationId: org.organization.id, userId: user!.id, status: 'ACTIVE' }).returning();
  return membership!.id;
}

async function transfer(values: { id: string; createdAt: Date; memberId: string; status?: 'PENDING' | 'SIGNED' | 'FAILED'; tokenType?: 'mainnet' | 'faucet'; hash?: string | null; to?: string; organizationId?: string }) {
  const store = await getStore();
  const seq = await nextChainSeqIn(store, 'token_transfers');
  const row = {
    id: values.id,
    seq,
    organizationId: values.organizationId ?? org.organization.id,
    userOrganizationId: values.memberId,
    toAddress: values.to ?? '0x00000000000000000000000000000000000000aa',
    amount: '1.5',
    tokenType: values.tokenType ?? 'mainnet',
    status: values.status ?? 'SIGNED',
    transactionHash: values.hash ?? null,
    createdAt: values.createdAt,
    updatedAt: values.createdAt,
  } as const;
  await store.insert(tokenTransfers).values(row);
  return { seq, row };
}

const list = (query: Record<string, string | number>, key = org.apiKey) => call(listTransfersRoute, { headers: { 'x-api-key': key }, query: { limit: 100, ...query } });

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  alice = await member(`alice-${crypto.randomUUID().slice(0, 6)}@example.test`, 'Alice Ébène');
  bob = await member(`bob-${crypto.randomUUID().slice(0, 6)}@example.test`, 'Bob 100%_sure');
  const members = [
    { id: alice, email: null as string | null, name: 'Alice Ébène' },
    { id: bob, email: null as string | null, name: 'Bob 100%_sure' },
  ];
  // Ids sort against insertion order, and created_at repeats: only `seq` orders the ties.
  const statuses = ['SIGNED', 'FAILED', 'PENDING'] as const;
  for (let i = 0; i < 24; i++) {
    const m = members[i % 2]!;
    const id = `${String(99 - i).padStart(2, '0')}-${crypto.randomUUID()}`;
    const createdAt = at([0, 1000, 1000, 2000][i % 4]!);
    const hash = i % 3 === 0 ? `0xAbC${i}` : null;
    const { seq } = await transfer({ id, createdAt, memberId: m.id, status: statuses[i % 3], tokenType: i % 5 === 0 ? 'faucet' : 'mainnet', hash });
    sent.push({ id, seq, createdAt, status: statuses[i % 3]!, tokenType: i % 5 === 0 ? 'faucet' : 'mainnet', email: null, name: m.name, hash, to: '0x00000000000000000000000000000000000000aa' });
  }
  await transfer({ id: `other-${crypto.randomUUID()}`, createdAt: at(1000), memberId: alice, organizationId: other.organization.id });
});

/** The expected page, computed from what was inserted. */
function expected(filter: (s: Sent) => boolean, order: 'asc' | 'desc', page = 1, limit = 100) {
  const sign = order === 'asc' ? 1 : -1;
  const all = sent.filter(filter).sort((a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq));
  return { ids: all.slice((page - 1) * limit, page * limit).map((s) => s.id), total: all.length };
}

describe('the send history on the Store', () => {
  it('orders by created_at with ties in insertion order, both directions, every page', async () => {
    for (const sortOrder of ['desc', 'asc'] as const) {
      for (const [page, limit] of [
        [1, 100],
        [1, 5],
        [3, 5],
        [5, 5],
        [6, 5],
      ] as const) {
        const res = await list({ sortOrder, page, limit });
        expect(res.status).toBe(200);
        const want = expected(() => true, sortOrder, page, limit);
        expect(res.json.data.map((d: { id: string }) => d.id), `${sortOrder} ${page}/${limit}`).toEqual(want.ids);
        expect(res.json.pagination.total).toBe(want.total);
      }
    }
  });

  it('filters by status and token type with exact totals', async () => {
    const res = await list({ status: 'FAILED', tokenType: 'mainnet' });
    const want = expected((s) => s.status === 'FAILED' && s.tokenType === 'mainnet', 'desc');
    expect(want.total).toBeGreaterThan(0);
    expect(res.json.data.map((d: { id: string }) => d.id)).toEqual(want.ids);
    expect(res.json.pagination.total).toBe(want.total);
  });

  it('searches member name and hash with ASCII-only case folding; % and _ are literal', async () => {
    const ids = async (search: string) => (await list({ search })).json.data.map((d: { id: string }) => d.id) as string[];
    const byName = (n: string) => expected((s) => s.name === n, 'desc').ids;
    expect(await ids('ALICE')).toEqual(byName('Alice Ébène'));
    expect(await ids('ébène')).toEqual([]); // non-ASCII letters are not folded (SQLite's LIKE)
    expect(await ids('Ébène')).toEqual(byName('Alice Ébène'));
    expect(await ids('100%_')).toEqual(byName('Bob 100%_sure'));
    expect(await ids('1000')).toEqual([]);
    expect(await ids('0%sure')).toEqual([]);
    expect(await ids('0xabc1')).toEqual(expected((s) => (s.hash ?? '').toLowerCase().includes('0xabc1'), 'desc').ids);
    const res = await list({ search: 'alice' });
    expect(res.json.data[0]).toMatchObject({ memberName: 'Alice Ébène', amount: '1.5', broadcast: false });
    expect(res.json.data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('never lists another organization’s sends', async () => {
    const res = await list({}, other.apiKey);
    expect(res.json.pagination.total).toBe(1);
    expect(res.json.data[0].id).toMatch(/^other-/);
  });
});

describe('one send on the Store', () => {
  it('shows its latest ledger row, attempts and history in insertion order', async () => {
    const store = await getStore();
    const target = sent[0]!;
    const when = at(5000);
    const ledger = async (status: 'FAILED' | 'CONFIRMED', hash: string) => {
      const [row] = await store
        .insert(chainTransactions)
        .values({ seq: await nextChainSeqIn(store, 'chain_transactions'), organizationId: org.organization.id, kind: 'transfer', entityId: target.id, chain: 'local', status, transactionHash: hash, nonce: 7, createdAt: when, updatedAt: when })
        .returning();
      return row!;
    };
    // Ids sort against insertion order, created_at is the same: the newer row is the latest.
    const older = await ledger('FAILED', `0x${'1'.repeat(64)}`);
    const newer = await ledger('CONFIRMED', `0x${'2'.repeat(64)}`);
    await store.update(chainTransactions).set({ id: `z-${older.id}` }).where(eqId(older.id));
    await store.update(chainTransactions).set({ id: `a-${newer.id}` }).where(eqId(newer.id));
    const newerId = `a-${newer.id}`;
    for (const [status, detail] of [
      ['PREPARED', 'first'],
      ['SIGNED', 'second'],
      ['CONFIRMED', 'third'],
    ] as const) {
      await store.insert(chainTxEvents).values({ id: `${9 - detail.length}-${detail}`, seq: await nextChainSeqIn(store, 'chain_tx_events'), chainTxId: newerId, status, detail, createdAt: when });
    }
    for (const [purpose, hash] of [
      ['original', `0x${'3'.repeat(64)}`],
      ['speedup', `0x${'2'.repeat(64)}`],
    ] as const) {
      await store.insert(chainTxAttempts).values({
        id: purpose === 'original' ? 'z-attempt' : 'a-attempt',
        seq: await nextChainSeqIn(store, 'chain_tx_attempts'),
        chainTxId: newerId,
        purpose,
        transactionHash: hash,
        raw: '0x',
        nonce: 7,
        maxFeePerGas: '10',
        maxPriorityFeePerGas: '1',
        createdAt: when,
      });
    }
    const res = await call(getTransferRoute, { headers: { 'x-api-key': org.apiKey }, params: { id: target.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: target.id, memberName: target.name, status: 'SIGNED', success: true });
    expect(res.json.chainTransaction).toMatchObject({ id: newerId, status: 'CONFIRMED', nonce: 7, transactionHash: `0x${'2'.repeat(64)}` });
    expect(res.json.chainTransaction.history.map((h: { detail: string }) => h.detail)).toEqual(['first', 'second', 'third']);
    expect(res.json.chainTransaction.transactions.map((t: { purpose: string }) => t.purpose)).toEqual(['original', 'speedup']);
    expect(res.json.chainTransaction.transactions[0].createdAt).toBe(when.toISOString());

    const foreign = await call(getTransferRoute, { headers: { 'x-api-key': other.apiKey }, params: { id: target.id } });
    expect(foreign.status).toBe(404);
  });
});

function eqId(id: string) {
  return sqlEq(chainTransactions.id, id);
}
