import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './number.js';

describe('formatNumber', () => {
  it('writes numbers plainly: separators, up to 3 decimals, exponent beyond 2^53, never suffixes', () => {
    expect(formatNumber(1316)).toBe('1,316');
    expect(formatNumber(-259)).toBe('-259');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(0.3333333)).toBe('0.333');
    expect(formatNumber(666e12)).toBe('666,000,000,000,000');
    expect(formatNumber(4.15122e22)).toBe('4.1512e+22');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('infinite');
  });

  it('digits read back to the number (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (n) => {
        const text = formatNumber(n);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*$/);
        expect(Number(text.replace(/,/g, ''))).toBe(n);
      }),
    );
  });
});
