import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '@/lib/env';

/** Each value is refused with an EnvError that names the variable. */
function expectRefused(name: string, values: string[]) {
  for (const bad of values) {
    expect(() => loadEnv({ [name]: bad })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: bad })).toThrow(new RegExp(name));
  }
}

describe('READ_WORKERS', () => {
  it('defaults to 2 and accepts 0 (off)', () => {
    expect(loadEnv({}).READ_WORKERS).toBe(2);
    expect(loadEnv({ READ_WORKERS: '0' }).READ_WORKERS).toBe(0);
    expect(loadEnv({ READ_WORKERS: ' ' }).READ_WORKERS).toBe(2);
  });

  it('rejects a negative, fractional or huge count, naming the variable', () => {
    expectRefused('READ_WORKERS', ['-1', '1.5', '17', 'two']);
  });
});

describe('READ_WORKER_NICE', () => {
  it('defaults to 10 and accepts 0 (the process priority) to 19', () => {
    expect(loadEnv({}).READ_WORKER_NICE).toBe(10);
    expect(loadEnv({ READ_WORKER_NICE: '0' }).READ_WORKER_NICE).toBe(0);
    expect(loadEnv({ READ_WORKER_NICE: '19' }).READ_WORKER_NICE).toBe(19);
  });

  it('rejects a negative (would need privileges), fractional or out-of-range value, naming the variable', () => {
    expectRefused('READ_WORKER_NICE', ['-5', '2.5', '20', 'low']);
  });
});
