/** Token amounts: decimal strings end to end (18 decimals, like ether); no float arithmetic. */

export const TOKEN_DECIMALS = 18;
const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * The decimal string of a JS number, without exponent notation. `Number#toString` gives the
 * shortest string that reads back as the same number, so `0.1` stays "0.1" and `1e-19` becomes
 * "0.0000000000000000001" (19 decimals) rather than some binary expansion.
 */
export function numberToDecimalString(n: number): string {
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Digits after the decimal point. */
export function decimalPlaces(decimal: string): number {
  const dot = decimal.indexOf('.');
  return dot < 0 ? 0 : decimal.length - dot - 1;
}

/** Whole-unit decimal string → base units (wei), exactly. */
export function toBaseUnits(decimal: string, decimals = TOKEN_DECIMALS): bigint {
  const [int = '0', frac = ''] = decimal.split('.');
  return BigInt(int + frac.padEnd(decimals, '0'));
}

export function fitsUint256(decimal: string): boolean {
  return toBaseUnits(decimal) <= MAX_UINT256;
}
