import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv: limits and proxies', () => {
  it('validates SIGNIN_MAX_PER_MINUTE (no silent NaN) and defaults it to 10', () => {
    expect(loadEnv({}).SIGNIN_MAX_PER_MINUTE).toBe(10);
    expect(loadEnv({ SIGNIN_MAX_PER_MINUTE: '25' }).SIGNIN_MAX_PER_MINUTE).toBe(25);
    expect(() => loadEnv({ SIGNIN_MAX_PER_MINUTE: 'ten' })).toThrow(/\n {2}SIGNIN_MAX_PER_MINUTE: /);
    expect(() => loadEnv({ SIGNIN_MAX_PER_MINUTE: '0' })).toThrow(/SIGNIN_MAX_PER_MINUTE/);
  });

  it('validates TRUSTED_PROXIES (none by default)', () => {
    expect(loadEnv({}).TRUSTED_PROXIES).toBeUndefined();
    expect(loadEnv({ TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/8' }).TRUSTED_PROXIES).toBe('127.0.0.1,10.0.0.0/8');
    expect(() => loadEnv({ TRUSTED_PROXIES: 'my-proxy.local' })).toThrow(/\n {2}TRUSTED_PROXIES: must be/);
  });
});
