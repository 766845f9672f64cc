import { describe, expect, it } from 'vitest';
import { sendRefusal } from './balance-check';

const address = '0x00000000000000000000000000000000000000aa';

describe('sendRefusal', () => {
  it('never refuses on the embedded chain, which broadcasts nothing', () => {
    expect(sendRefusal({ chain: 'local', balance: '0', address }, '5', 'mainnet')).toBeNull();
  });

  it('refuses any send from an empty wallet on a broadcasting chain (no fee money)', () => {
    expect(sendRefusal({ chain: 'evm', balance: '0', address }, '1', 'faucet')).toMatch(/holds 0, so it cannot pay the network fee\. Fund 0x0+aa first/);
  });

  it('refuses a mainnet send the balance cannot cover with the fee, exactly in base units', () => {
    expect(sendRefusal({ chain: 'evm', balance: '1.5', address }, '1.5', 'mainnet')).toMatch(/holds 1\.5: it cannot cover 1\.5 plus the network fee/);
    expect(sendRefusal({ chain: 'evm', balance: '1.5', address }, '2', 'mainnet')).not.toBeNull();
    expect(sendRefusal({ chain: 'evm', balance: '1.5', address }, '1.499999999999999999', 'mainnet')).toBeNull();
  });

  it('does not judge a faucet amount by the native balance, and knows nothing without a wallet', () => {
    expect(sendRefusal({ chain: 'evm', balance: '0.01', address }, '500', 'faucet')).toBeNull();
    expect(sendRefusal(undefined, '5', 'mainnet')).toBeNull();
  });
});
