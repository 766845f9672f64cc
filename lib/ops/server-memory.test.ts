import { describe, expect, it } from 'vitest';
import { SERVER_V8_FLAGS, serverNodeOptions } from './server-memory';

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
});
