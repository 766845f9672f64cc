import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/storage/sqlite/client';
import { getChainClient } from '@/lib/chain';
import { describeRuntime, runtimeSlot } from './runtime';

describe('the runtime object', () => {
  it('holds the process-wide state in named slots: one value per process, seen by every module that names the slot', () => {
    const db = getDb();
    expect(runtimeSlot<{ db: unknown }>('sqlite').get()?.db).toBe(db);
    const chain = getChainClient();
    expect(runtimeSlot('chainClient').get()).toBe(chain);
    expect(getChainClient()).toBe(chain);
    const slots = describeRuntime();
    expect(slots.find((s) => s.name === 'sqlite')).toMatchObject({ set: true });
    // Every slot says what it holds and whether several instances would have to share it.
    for (const s of slots) expect(s.holds).toMatch(/ — (per process|SHARED|claims with leases)/);
  });

  it('no module keeps process-wide state on globalThis itself', async () => {
    const { spawnSync } = await import('node:child_process');
    // git grep exits 1 when nothing matches.
    const grep = spawnSync('git', ['grep', '-l', 'globalThis', '--', 'lib', 'db', 'app', 'components'], { encoding: 'utf8' });
    expect(grep.status, grep.stderr).toBeLessThanOrEqual(1);
    const hits = grep.stdout.split('\n').filter(Boolean);
    expect(hits.filter((f) => !f.endsWith('.test.ts') && f !== 'lib/runtime.ts')).toEqual([]);
  });
});
