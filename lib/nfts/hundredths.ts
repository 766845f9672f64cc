/** Hundredths, so sums are exact integers (0.1 + 0.2 never bites). Free of zod for the browser. */
export const toHundredths = (p: number) => Math.round(p * 100);
