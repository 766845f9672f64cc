import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, numberToDecimalString, toBaseUnits } from './amount';
import { sendTokensBody } from './schemas';

describe('numberToDecimalString', () => {
  it.each([
    [1, '1'],
    [0.1, '0.1'],
    [1.5, '1.5'],
    [1e-7, '0.0000001'],
    [1e-18, '0.000000000000000001'],
    [1.25e-17, '0.0000000000000000125'],
    [1e-19, '0.0000000000000000001'],
    [1e21, '1000000000000000000000'],
    [1.2345e22, '12345000000000000000000'],
    [123.456, '123.456'],
  ])('%s → %s', (n, s) => {
    expect(numberToDecimalString(n)).toBe(s);
  });

  it('reads back as the same number for any positive finite double', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: 1e30, noNaN: true }), (n) => {
        const s = numberToDecimalString(n);
        expect(s).not.toMatch(/e/i);
        expect(Number(s)).toBe(n);
      }),
    );
  });
});

describe('toBaseUnits', () => {
  it('is exact, without floats', () => {
    expect(toBaseUnits('1')).toBe(10n ** 18n);
    expect(toBaseUnits('0.000000000000000001')).toBe(1n);
    expect(toBaseUnits('123.456')).toBe(123_456n * 10n ** 15n);
    expect(decimalPlaces('0.0000000000000000001')).toBe(19);
  });
});

describe('sendTokensBody.amount', () => {
  const parse = (amount: unknown) => sendTokensBody.safeParse({ memberId: 'm', amount });
  it('accepts > 0 with up to 18 decimals and outputs a decimal string', () => {
    expect(parse(1).data?.amount).toBe('1');
    expect(parse(0.000000000000000001).data?.amount).toBe('0.000000000000000001');
    expect(parse(2.5).data).toEqual({ memberId: 'm', amount: '2.5', tokenType: 'mainnet' });
  });
  it.each([0, -0, -1, 1e-19, '1', 'NaN', NaN, Infinity, -Infinity, null, true, 1e80])('refuses %s', (amount) => {
    const r = parse(amount);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['amount']);
  });
});
