import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GET as listContractsRoute,
  POST as createContractRoute,
} from '@/app/api/v1/cl2c/contract/route';
import { GET as listNftsRoute } from '@/app/api/v1/cl2c/nft/route';
import { GET as listMembersRoute } from '@/app/api/v1/cl2c/user/route';
import { POST as searchNftsRoute } from '@/app/v1/cl2c/nfts/search/route';
import { getDb } from '@/lib/storage/sqlite/client';
import { env } from '@/lib/env';
import { NotFoundError, ValidationError } from '@/lib/errors';
import { call, createTestOrg } from '@/test/helpers';
import { insertContract, insertMember, insertNft } from '@/test/nft-fixtures';
import { fromWireError, toWireError } from './read-errors';
import { runRead } from '@/lib/reads/run';
import { affinity, ReadPool, startReadPool, stopReadPool } from './read-pool';
import { slowCount } from './slow-read.fixture';

/**
 * The read pool on a real migrated SQLite FILE with real worker threads running the bundle that
 * `next build` produces (built here from the same sources with the same script).
 */
const outDir = path.resolve('.tmp', `read-pool-test-${process.pid}`);
const bundle = path.join(outDir, 'read-worker.cjs');
const slowBundle = path.join(outDir, 'read-worker-slow.cjs');

function buildBundle(entry: string, out: string) {
  const result = spawnSync(
    process.execPath,
    ['scripts/build-read-worker.mjs', '--entry', entry, '--out', out],
    { encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
}

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
let contractId: string;
let otherContractId: string;

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  buildBundle('lib/reads/worker.ts', bundle);
  buildBundle('lib/reads/worker.slow-fixture.ts', slowBundle);
  org = await createTestOrg();
  other = await createTestOrg();
  const orgId = org.organization.id;
  for (let c = 0; c < 3; c++) {
    const contract = await insertContract(orgId, {
      name: `Harbor contract ${c}`,
      symbol: `HB${c}`,
    });
    contractId ??= contract.id;
    for (let i = 0; i < 12; i++) {
      await insertNft(orgId, contract.id, {
        name: `${i % 3 === 0 ? 'Harbor' : 'Meadow'} token ${c}-${i}`,
        description: i % 2 ? 'Über café ☕' : 'plain',
        supply: i + 1,
        status: i % 4 === 0 ? 'MINTED' : 'CREATED',
      });
    }
  }
  for (let m = 0; m < 5; m++) await insertMember(orgId, { email: `harbor-${m}@example.test` });
  otherContractId = (await insertContract(other.organization.id, { name: 'Other tenant contract' }))
    .id;
}, 60_000);

afterAll(async () => {
  await stopReadPool();
  rmSync(outDir, { recursive: true, force: true });
});

const a = () => ({ 'x-api-key': org.apiKey, 'x-request-id': 'read-pool-test' });
const b = () => ({
  tenant: org.organization.tenant,
  'X-API-Key': org.tenantApiKey,
  'x-request-id': 'read-pool-test',
});

/** Every pooled route with a spread of queries, including ones that fail. */
function requests() {
  return [
    () => call(listContractsRoute, { headers: a() }),
    () =>
      call(listContractsRoute, {
        headers: a(),
        query: { search: 'harbor', sortBy: 'name', sortOrder: 'asc', limit: 2, page: 2 },
      }),
    () => call(listNftsRoute, { headers: a() }),
    () =>
      call(listNftsRoute, {
        headers: a(),
        query: { contractId, status: 'CREATED', sortBy: 'name', page: 2, limit: 3 },
      }),
    () => call(listNftsRoute, { headers: a(), query: { search: 'café' } }),
    () => call(listNftsRoute, { headers: a(), query: { contractId: otherContractId } }),
    () => call(listMembersRoute, { headers: a() }),
    () => call(listMembersRoute, { headers: a(), query: { search: 'harbor-3' } }),
    () =>
      call(searchNftsRoute, {
        method: 'POST',
        headers: b(),
        body: { keyword: 'harbor', pageNumber: 1, pageSize: 5 },
      }),
    () =>
      call(searchNftsRoute, {
        method: 'POST',
        headers: b(),
        body: {
          advancedSearch: { keyword: 'meadow', fields: ['name'] },
          smartContractId: contractId,
        },
      }),
    () =>
      call(searchNftsRoute, {
        method: 'POST',
        headers: b(),
        body: { advancedSearch: { keyword: 'x', fields: ['noSuchField'] } },
      }),
  ];
}

describe('read pool', () => {
  it('runs with 2 workers on the file database, and not for :memory: or a missing bundle', () => {
    expect(startReadPool({ workers: 2, file: ':memory:', bundle })).toBe(0);
    expect(startReadPool({ workers: 2, bundle: path.join(outDir, 'missing.cjs') })).toBe(0);
    expect(startReadPool({ workers: 0, bundle })).toBe(0);
    expect(startReadPool({ workers: 2, bundle })).toBe(2);
  });

  it('answers every pooled route byte-for-byte as in-thread, errors included', async () => {
    await stopReadPool();
    const inThread = [];
    for (const request of requests()) inThread.push(await request());
    expect(startReadPool({ workers: 2, bundle })).toBe(2);
    const pooled = await Promise.all(requests().map((request) => request()));
    expect(pooled.map((r) => [r.status, r.text])).toEqual(inThread.map((r) => [r.status, r.text]));
    // Another organization's contract shows nothing of it; a bad field is a 400 naming its path.
    expect(inThread[5]!.status).toBe(200);
    expect(inThread[5]!.json.pagination.total).toBe(0);
    expect(inThread[10]!.status).toBe(400);
    expect(inThread[10]!.json.errors).toHaveProperty(['advancedSearch.fields[0]']);
    expect(pooled[0]!.json.data.length).toBeGreaterThan(0);
  });

  it('rebuilds errors with their own classes (instanceof, fieldErrors)', async () => {
    startReadPool({ workers: 2, bundle });
    // No pooled service throws a 404 today; the wire form keeps every AppError class all the same.
    const notFound = fromWireError(
      structuredClone(toWireError(new NotFoundError('Smart contract'))),
    );
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound).toMatchObject({
      status: 404,
      message: 'Smart contract not found.',
      details: [],
    });
    const plain = fromWireError(structuredClone(toWireError(new TypeError('boom'))));
    expect(plain).toBeInstanceOf(Error);
    expect(plain.message).toBe('boom');
    const invalid = await runRead(undefined, 'searchNfts', org.organization.id, {
      advancedSearch: { keyword: 'x', fields: ['nope'] },
    }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).fieldErrors()).toHaveProperty(['advancedSearch.fields[0]']);
  });

  it("a pooled error rebuilt by another copy of the modules is still the caller's class", async () => {
    // In the production server the pool lives in instrumentation's bundle, the routes in theirs:
    // the pool rebuilds a worker's error with its own copy of lib/errors.
    vi.resetModules();
    const other = await import('./read-errors');
    const wire = structuredClone(
      toWireError(
        new ValidationError('The search request is invalid.', ['orderBy[0]: unknown field']),
      ),
    );
    const rebuilt = other.fromWireError(wire);
    expect(rebuilt).toBeInstanceOf(ValidationError);
    expect((rebuilt as ValidationError).fieldErrors()).toEqual({ 'orderBy[0]': ['unknown field'] });
    expect(
      other.fromWireError(structuredClone(toWireError(new TypeError('boom')))),
    ).not.toBeInstanceOf(ValidationError);
  });

  it('a read right after a committed write sees it (fresh WAL snapshot per read)', async () => {
    startReadPool({ workers: 2, bundle });
    for (let i = 0; i < 5; i++) {
      const name = `Fresh ${crypto.randomUUID().slice(0, 8)}`;
      const created = await call(createContractRoute, {
        method: 'POST',
        headers: a(),
        body: { name, symbol: 'FR' },
      });
      expect(created.status).toBe(201);
      const [list, search] = await Promise.all([
        call(listContractsRoute, { headers: a(), query: { limit: 100 } }),
        call(listContractsRoute, { headers: a(), query: { search: name } }),
      ]);
      expect(list.json.data.map((c: { id: string }) => c.id)).toContain(created.json.id);
      expect(search.json.data.map((c: { name: string }) => c.name)).toEqual([name]);
      expect(search.json.pagination.total).toBe(1);
    }
  });

  it('a long read in a worker does not block the main thread', async () => {
    const n = 3_000_000;
    // In-thread, the same read holds the event loop for its whole duration…
    const started = performance.now();
    expect(slowCount(getDb(), n)).toBe(n);
    const inThreadMs = performance.now() - started;
    expect(inThreadMs).toBeGreaterThan(150);

    // …in a worker, a main-thread timer keeps firing every ~5 ms while it runs.
    const pool = new ReadPool(env().DATABASE_PATH, 1, slowBundle);
    try {
      await pool.run('slowCount', [1]); // worker up and its connection open
      let last = performance.now();
      let worstGap = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        worstGap = Math.max(worstGap, now - last);
        last = now;
      }, 5);
      const t0 = performance.now();
      const result = await pool.run('slowCount', [n]);
      const pooledMs = performance.now() - t0;
      clearInterval(timer);
      expect(result).toBe(n);
      expect(pooledMs).toBeGreaterThan(inThreadMs / 3);
      // Blocked, the worst gap would be the whole read; measured against the read's own length
      // (not a fixed number of ms), so a busy machine slows both sides alike.
      expect(worstGap).toBeLessThan(Math.min(pooledMs, inThreadMs) / 3);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('runs its workers at a lower priority than the main thread (READ_WORKER_NICE)', async () => {
    // Each thread's nice value, from /proc/self/task/<tid>/stat (field 19; the name may hold spaces).
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
    const threadsAt = (nice: number) =>
      readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === nice);
    expect(threadsAt(13)).toEqual([]);
    const pool = new ReadPool(env().DATABASE_PATH, 2, bundle, 13);
    try {
      await Promise.all(
        [1, 2].map(() =>
          pool.run('listContracts', [
            org.organization.id,
            { page: 1, limit: 5, search: null, sortBy: 'createdAt', sortOrder: 'desc' },
          ]),
        ),
      );
      expect(threadsAt(13)).toHaveLength(2);
      expect(niceOf(String(process.pid))).toBe(0);
    } finally {
      await pool.close();
    }
    expect(threadsAt(13)).toEqual([]);
    // Without a nice value the new worker runs at the process's priority.
    const before = new Set(readdirSync('/proc/self/task'));
    const plain = new ReadPool(env().DATABASE_PATH, 1, bundle);
    try {
      await plain.run('listContracts', [
        org.organization.id,
        { page: 1, limit: 5, search: null, sortBy: 'createdAt', sortOrder: 'desc' },
      ]);
      const started = readdirSync('/proc/self/task').filter((tid) => !before.has(tid));
      expect(started.length).toBeGreaterThan(0);
      expect(started.map(niceOf).every((nice) => nice === 0)).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it('drops a queued read whose client went away; the running one and the rest still answer', async () => {
    const pool = new ReadPool(env().DATABASE_PATH, 1, slowBundle);
    try {
      await pool.run('slowUncounted', [{ n: 1, page: 1 }]); // worker up
      const running = pool.run('slowUncounted', [{ n: 2_000_000, page: 1 }]);
      const gone = new AbortController();
      const queued = pool.run('slowUncounted', [{ n: 2_000_000, page: 2 }], gone.signal);
      const after = pool.run('slowUncounted', [{ n: 1, page: 3 }]);
      gone.abort();
      await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
      // The dropped read never reached the worker: the next one starts right after the running one.
      await expect(running).resolves.toMatchObject({ thread: expect.any(Number) });
      await expect(after).resolves.toMatchObject({ thread: expect.any(Number) });
      // An already aborted signal: not queued at all.
      await expect(pool.run('slowUncounted', [{ n: 1, page: 4 }], AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
      // A signal that aborts after its read started changes nothing: the answer arrives.
      const late = new AbortController();
      const started = pool.run('slowUncounted', [{ n: 500_000, page: 5 }], late.signal);
      late.abort();
      await expect(started).resolves.toMatchObject({ thread: expect.any(Number) });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('queues reads beyond the worker count and answers them all', async () => {
    startReadPool({ workers: 2, bundle });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        runRead(undefined, 'listContracts', org.organization.id, {
          page: 1,
          limit: 5,
          search: null,
          sortBy: 'createdAt',
          sortOrder: 'desc',
        }),
      ),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
  });

  it('keys a request by its query without paging or order, and its shape by which fields are set', () => {
    const a1 = affinity('listNfts', [
      'org',
      { search: 'golden', status: undefined, page: 1, limit: 20, sortBy: 'name', sortOrder: 'asc' },
    ]);
    const a2 = affinity('listNfts', [
      'org',
      { search: 'golden', page: 9, limit: 50, sortBy: 'supply', sortOrder: 'desc' },
    ]);
    const other = affinity('listNfts', ['org', { search: 'amber', page: 1 }]);
    const filtered = affinity('listNfts', ['org', { search: 'amber', status: 'MINTED', page: 1 }]);
    expect(a1.key).toBe(a2.key);
    expect(other.key).not.toBe(a1.key);
    expect(other.shape).toBe(a1.shape);
    expect(filtered.shape).not.toBe(other.shape);
    expect(
      affinity('searchNfts', ['org', { keyword: 'x', pageNumber: 2, orderBy: ['name'] }]).key,
    ).toBe(affinity('searchNfts', ['org', { keyword: 'x' }]).key);
  });

  it('sends a query to the worker holding its total, and concurrent first requests of one query wait for one computation', async () => {
    const pool = new ReadPool(env().DATABASE_PATH, 2, slowBundle);
    const orgId = org.organization.id;
    type Answer = { thread: number; computed: boolean; total: number };
    const total = (search: string, page = 1) =>
      pool.run('slowTotal', [orgId, { search, n: 300_000, page }]) as Promise<Answer>;
    try {
      // The first answer teaches the pool that this kind of query keeps a cached total.
      const first = await total(`warm-${crypto.randomUUID()}`);
      expect(first).toMatchObject({ computed: true, total: 300_000 });
      const key = `cold-${crypto.randomUUID()}`;
      const other = `other-${crypto.randomUUID()}`;
      const answers = await Promise.all([
        total(key, 1),
        total(other, 1),
        total(key, 2),
        total(other, 2),
        total(key, 3),
      ]);
      for (const answer of answers) expect(answer.total).toBe(300_000);
      // Each query's total was computed once, whichever worker and page…
      expect(answers.filter((a, i) => [0, 2, 4].includes(i) && a.computed)).toHaveLength(1);
      expect(answers.filter((a, i) => [1, 3].includes(i) && a.computed)).toHaveLength(1);
      // …and later pages of it go to the worker that holds it.
      const holder = answers.find((a, i) => [0, 2, 4].includes(i) && a.computed)!.thread;
      for (let page = 4; page < 8; page++)
        expect(await total(key, page)).toMatchObject({ thread: holder, computed: false });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('spreads identical requests that keep no cached total over every worker', async () => {
    const pool = new ReadPool(env().DATABASE_PATH, 2, slowBundle);
    try {
      const answers = (await Promise.all(
        Array.from({ length: 6 }, () => pool.run('slowUncounted', [{ n: 200_000, page: 1 }])),
      )) as { thread: number }[];
      expect(new Set(answers.map((a) => a.thread)).size).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
