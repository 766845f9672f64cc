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

describe('READ_WORKER_NICE', () => {
  it('defaults to 10 and accepts 0 (the process priority) to 19', () => {
    expect(loadEnv({}).READ_WORKER_NICE).toBe(10);
    expect(loadEnv({ READ_WORKER_NICE: '0' }).READ_WORKER_NICE).toBe(0);
    expect(loadEnv({ READ_WORKER_NICE: '19' }).READ_WORKER_NICE).toBe(19);
  });

  it('rejects a negative (would need privileges), fractional or out-of-range value, naming the variable', () => {
    for (const bad of ['-5', '2.5', '20', 'low']) {
      expect(() => loadEnv({ READ_WORKER_NICE: bad })).toThrow(/READ_WORKER_NICE/);
    }
  });
});
