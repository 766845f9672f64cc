import { describe, expect, it } from 'vitest';
import { loadEnv } from '@/lib/env';
import { explorerHref, explorersFor } from './explorer';

describe('block explorer links', () => {
  it('default to Polygonscan (Amoy for TESTNET) and link transactions and addresses on a broadcasting chain', () => {
    const e = loadEnv({ CHAIN: 'evm', RPC_URL: 'http://127.0.0.1:8545' });
    const explorers = explorersFor(e);
    expect(explorers).toEqual({ TESTNET: 'https://amoy.polygonscan.com', MAINNET: 'https://polygonscan.com' });
    expect(explorerHref(explorers, 'TESTNET', 'tx', '0xabc')).toBe('https://amoy.polygonscan.com/tx/0xabc');
    expect(explorerHref(explorers, 'MAINNET', 'address', '0xdef')).toBe('https://polygonscan.com/address/0xdef');
    expect(explorerHref(explorers, 'MAINNET', 'address', null)).toBeNull();
  });

  it('are configurable per env, "none" turns one off, and the embedded chain (nothing broadcast) has none', () => {
    const custom = explorersFor(loadEnv({ CHAIN: 'evm', RPC_URL: 'http://127.0.0.1:8545', EXPLORER_URL_TESTNET: 'https://scan.example/', EXPLORER_URL_MAINNET: 'none' }));
    expect(custom).toEqual({ TESTNET: 'https://scan.example', MAINNET: null });
    expect(explorerHref(custom, 'MAINNET', 'tx', '0x1')).toBeNull();
    expect(explorersFor(loadEnv({}))).toEqual({ TESTNET: null, MAINNET: null });
  });

  it('a bad value stops the start with the variable named', () => {
    expect(() => loadEnv({ EXPLORER_URL_MAINNET: 'polygonscan' })).toThrow(/EXPLORER_URL_MAINNET/);
  });
});
