import { describe, expect, it } from 'vitest';
import { SERVER_MALLOC_ARENA_MAX, SERVER_V8_FLAGS, serverNodeOptions, serverProcessEnv } from './server-memory';

describe('server heap limits', () => {
  it('come first, so NODE_OPTIONS given by the operator override them', () => {
    expect(serverNodeOptions(undefined)).toBe(SERVER_V8_FLAGS);
    expect(serverNodeOptions('--max-old-space-size=1024')).toBe(`${SERVER_V8_FLAGS} --max-old-space-size=1024`);
  });
  it('are flags node accepts in NODE_OPTIONS', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['-e', 'console.log(require("v8").getHeapStatistics().heap_size_limit)'], {
      env: { ...process.env, NODE_OPTIONS: SERVER_V8_FLAGS },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(Number(run.stdout.trim())).toBeLessThan(400 * 2 ** 20);
  });
  it('set two malloc arenas unless the operator chose a number', () => {
    expect(serverProcessEnv({})).toEqual({ NODE_OPTIONS: SERVER_V8_FLAGS, MALLOC_ARENA_MAX: SERVER_MALLOC_ARENA_MAX });
    expect(SERVER_MALLOC_ARENA_MAX).toBe('2');
    expect(serverProcessEnv({ MALLOC_ARENA_MAX: '8', NODE_OPTIONS: '--trace-gc' })).toEqual({ NODE_OPTIONS: `${SERVER_V8_FLAGS} --trace-gc`, MALLOC_ARENA_MAX: '8' });
  });
});
