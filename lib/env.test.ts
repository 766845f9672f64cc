import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ DATA_DIR: './data', PORT: 3000, HOST: '127.0.0.1', CHAIN: 'local' });
    expect(env.DATABASE_PATH).toBe('data/cl2c.db');
    expect(env.APP_URL).toBe('http://127.0.0.1:3000');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ CHAIN: 'solana' }, 'CHAIN'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ CHAIN: 'evm' }, 'RPC_URL'],
  ])('names the bad variable for %j', (source, name) => {
    expect(() => loadEnv(source)).toThrow(new RegExp(`^Invalid environment configuration:\\n  ${name}: `));
  });
});
