import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '@/lib/env';

describe('READ_WORKERS', () => {
  it('defaults to 2 and accepts 0 (off)', () => {
    expect(loadEnv({}).READ_WORKERS).toBe(2);
    expect(loadEnv({ READ_WORKERS: '0' }).READ_WORKERS).toBe(0);
    expect(loadEnv({ READ_WORKERS: ' ' }).READ_WORKERS).toBe(2);
  });

  it('rejects a negative, fractional or huge count, naming the variable', () => {
    for (const bad of ['-1', '1.5', '17', 'two']) {
      expect(() => loadEnv({ READ_WORKERS: bad })).toThrow(EnvError);
      expect(() => loadEnv({ READ_WORKERS: bad })).toThrow(/READ_WORKERS/);
    }
  });
});
