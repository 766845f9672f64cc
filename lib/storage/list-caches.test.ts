import { describe, expect, it, vi } from 'vitest';
import { describeRuntime } from '@/lib/runtime';

describe('list caches', () => {
  it('are one per process: a second copy of a cache module (another bundle) sees the first one’s entries', async () => {
    const first = await import('@/lib/storage/sqlite/search/count-cache');
    vi.resetModules();
    const second = await import('@/lib/storage/sqlite/search/count-cache');
    expect(second).not.toBe(first);
    const db = (await import('@/lib/storage/sqlite/client')).getDb();
    const org = crypto.randomUUID();
    expect(first.cachedValue(db, org, 'shared?', () => 'first')).toBe('first');
    expect(second.cachedValue(db, org, 'shared?', () => 'second')).toBe('first');
    expect(describeRuntime().find((s) => s.name === 'listCaches')).toMatchObject({ set: true });
  });

  it('no module of lib/ keeps a cache in a module-level Map or mutable variable', async () => {
    const { spawnSync } = await import('node:child_process');
    // Module-level `let`, or a `const` holding a new Map / WeakMap: state a second bundle would not share.
    const grep = spawnSync(
      'git',
      ['grep', '-nE', '^(export )?(let |const \\w+ = new (Weak)?Map)', '--', 'lib', 'db'],
      { encoding: 'utf8' },
    );
    expect(grep.status, grep.stderr).toBeLessThanOrEqual(1);
    const hits = grep.stdout.split('\n').filter((l) => l && !/\.test\.ts:/.test(l));
    // Kept on purpose: memos of a pure function of the environment or the linked library, and
    // bookkeeping keyed by the connection object itself (the connection lives in a runtime slot).
    const allowed = [
      /^lib\/env\.ts:\d+:let cached:/,
      /^lib\/nft-search\/fields\.ts:\d+:const byLowerName = new Map/,
      /^lib\/http\/client-address\.ts:\d+:let cachedRanges:/,
      /^lib\/storage\/sqlite\/search\/fts\.ts:\d+:let exceptions:/,
      /^lib\/storage\/sqlite\/functions\.ts:\d+:let unsafeChars:/,
      /^lib\/storage\/sqlite\/store\.ts:\d+:const stores = new WeakMap/,
      /^lib\/storage\/sqlite\/derived-writes\.ts:\d+:const prepared = new WeakMap/,
      /^lib\/storage\/sqlite\/connection\/commit-group\.ts:\d+:const \w+ = new WeakMap/,
    ];
    expect(hits.filter((h) => !allowed.some((a) => a.test(h)))).toEqual([]);
  });
});
