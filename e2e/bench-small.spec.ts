import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

/*
 * The HTTP benchmark's small mode, so `npm run bench` never rots: it seeds 2,000 NFTs into its
 * own throw-away database, starts the built app with `next start` on a free port, drives every
 * case with autocannon for a second and fails on any unexpected status. Targets are not judged
 * at this size (see docs/performance.md for the full-scale run).
 */
test('npm run bench --rows 2000 --seconds 1 runs every case against the built app', () => {
  test.setTimeout(600_000);
  const args = ['tsx', 'scripts/bench.ts', '--rows', '2000', '--members', '200', '--seconds', '1', '--skip-build'];
  if (process.env.BENCH_PORT) args.push('--port', process.env.BENCH_PORT);
  const run = spawnSync('npx', args, { encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, timeout: 580_000 });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  for (const name of ['floor: A10', 'again at the end', 'A1 contracts', 'A5 NFTs search rare term', 'A9 members', 'B1 keyword common term', 'A6 create NFT', 'A13 bulk invite', 'B3 all users', 'mixed: cheap']) {
    expect(run.stdout).toContain(name);
  }
  expect(run.stdout).toMatch(/Server peak RSS \d+ MB/);
  expect(run.stdout).not.toMatch(/bad responses/);
});
