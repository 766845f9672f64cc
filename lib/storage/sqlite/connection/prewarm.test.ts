import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '@/lib/env';
import { prewarmFile } from './prewarm';

function fileOf(bytes: number) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'prewarm-')), 'db');
  writeFileSync(file, Buffer.alloc(bytes, 7));
  return file;
}

describe('prewarmFile', () => {
  it('reads the whole file, across chunk boundaries', async () => {
    const size = 3 * (1 << 20) + 12_345;
    const result = await prewarmFile(fileOf(size));
    expect(result).toMatchObject({ bytes: size, skipped: null });
  });

  it('skips a file larger than the limit, saying why', async () => {
    const result = await prewarmFile(fileOf(4096), { maxBytes: 4095 });
    expect(result.bytes).toBe(0);
    expect(result.skipped).toMatch(/4096 bytes\) is larger than 4095 bytes/);
  });

  it('stops between chunks once told to', async () => {
    let chunks = 0;
    const result = await prewarmFile(fileOf(5 * (1 << 20)), { isStopped: () => chunks++ >= 2 });
    expect(result.bytes).toBe(2 * (1 << 20));
  });

  it('rejects a missing file', async () => {
    await expect(prewarmFile(path.join(tmpdir(), `missing-${crypto.randomUUID()}`))).rejects.toThrow(/ENOENT/);
  });
});

describe('DB_PREWARM', () => {
  it('is on by default, can be turned off, and names itself when invalid', () => {
    expect(loadEnv({}).DB_PREWARM).toBe('on');
    expect(loadEnv({ DB_PREWARM: 'off' }).DB_PREWARM).toBe('off');
    expect(() => loadEnv({ DB_PREWARM: 'yes' })).toThrow(EnvError);
    expect(() => loadEnv({ DB_PREWARM: 'yes' })).toThrow(/DB_PREWARM/);
  });
});
