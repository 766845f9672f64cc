import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { env } from '@/lib/env';
import { createTestOrg } from '@/test/helpers';
import { insertContract } from '@/test/nft-fixtures';
import { DEFAULT_AUTOCHECKPOINT_PAGES, startCheckpointer, stopCheckpointer } from './checkpointer';

/**
 * The checkpoint thread on a real migrated SQLite file, running the worker bundle that `next
 * build` produces (built here with the same script).
 */
const outDir = path.resolve('.tmp', `checkpointer-test-${process.pid}`);
const bundle = path.join(outDir, 'read-worker.cjs');

beforeAll(() => {
  mkdirSync(outDir, { recursive: true });
  const result = spawnSync(process.execPath, ['scripts/build-read-worker.mjs', '--out', bundle], {
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await stopCheckpointer();
  rmSync(outDir, { recursive: true, force: true });
});

const autocheckpoint = () => getDb().$client.pragma('wal_autocheckpoint', { simple: true });
/** The -wal file's size (asking SQLite about the WAL would itself checkpoint). */
const walBytes = () => statSync(`${env().DATABASE_PATH}-wal`).size;

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('checkpoint thread', () => {
  it('is not started for :memory: or without the bundle', () => {
    expect(startCheckpointer({ file: ':memory:', bundle })).toBe(false);
    expect(startCheckpointer({ bundle: path.join(outDir, 'missing.cjs') })).toBe(false);
    expect(autocheckpoint()).toBe(DEFAULT_AUTOCHECKPOINT_PAGES);
  });

  it('takes checkpoints off the writer: the WAL is copied back without any commit doing it', async () => {
    const org = await createTestOrg();
    expect(startCheckpointer({ bundle, intervalMs: 20 })).toBe(true);
    expect(autocheckpoint()).toBe(0);
    // Far more than 1,000 pages of writes: with automatic checkpoints off, only the thread copies.
    for (let i = 0; i < 200; i++)
      await insertContract(org.organization.id, {
        name: `Checkpoint ${i}`,
        description: 'x'.repeat(30_000),
      });
    const sqlite = getDb().$client;
    // Once the thread has copied every frame, the next write transaction restarts the WAL from its
    // first frame: the file stops growing although we keep writing.
    await new Promise((r) => setTimeout(r, 200));
    const before = walBytes();
    expect(before).toBeGreaterThan(1000 * 4096);
    for (let i = 0; i < 50; i++)
      await insertContract(org.organization.id, {
        name: `After ${i}`,
        description: 'y'.repeat(20_000),
      });
    expect(walBytes()).toBe(before);
    // Nothing was lost: every row is there, and the database passes its integrity check.
    const n = sqlite
      .prepare('select count(*) as n from smart_contracts where organization_id = ?')
      .get(org.organization.id) as { n: number };
    expect(n.n).toBe(250);
    expect(sqlite.pragma('quick_check', { simple: true })).toBe('ok');
  });

  it('runs at a lower priority than the main thread (READ_WORKER_NICE)', async () => {
    await stopCheckpointer();
    // Each thread's nice value, from /proc/self/task/<tid>/stat (field 19; the name may hold spaces).
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
    const threadsAt = (nice: number) =>
      readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === nice);
    expect(threadsAt(14)).toEqual([]);
    expect(startCheckpointer({ bundle, nice: 14 })).toBe(true);
    await until(() => threadsAt(14).length === 1);
    expect(niceOf(String(process.pid))).toBe(0);
    await stopCheckpointer();
    await until(() => threadsAt(14).length === 0);
  });

  it('gives the writer its automatic checkpoints back when the thread stops', async () => {
    await stopCheckpointer();
    await until(() => autocheckpoint() === DEFAULT_AUTOCHECKPOINT_PAGES);
    expect(startCheckpointer({ bundle })).toBe(true);
    expect(autocheckpoint()).toBe(0);
    await stopCheckpointer();
    await until(() => autocheckpoint() === DEFAULT_AUTOCHECKPOINT_PAGES);
  });
});
