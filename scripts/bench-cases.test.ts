import { describe, expect, it } from 'vitest';
import { benchCases, seedDraws, type BenchContext } from './bench-cases';

const ctx: BenchContext = {
  rows: 1000,
  members: 100,
  contractIds: ['c1', 'c2', 'c3'],
  memberIds: ['m1'],
  tenant: 'bench',
  keyA: 'a',
  keyB: 'b',
};

function draws(seed: number, n: number) {
  seedDraws(seed);
  const b1 = benchCases(ctx).find((c) => c.sampled && c.name.startsWith('B1'))!;
  return Array.from({ length: n }, () => {
    const r = b1.make();
    return { body: r.body, shape: r.shape };
  });
}

describe('seedDraws (scripts/bench-shapes.ts --seed)', () => {
  it('draws the same requests for the same seed, other requests for another', () => {
    const first = draws(7, 50);
    expect(draws(7, 50)).toEqual(first);
    const other = draws(8, 50);
    expect(other).not.toEqual(first);
    // The draws still spread over the dimensions: more than one search kind and one sort.
    expect(new Set(first.map((d) => d.shape!.search)).size).toBeGreaterThan(2);
    expect(new Set(first.map((d) => d.shape!.sort)).size).toBeGreaterThan(2);
  });
});
