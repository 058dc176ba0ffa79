import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToNumber, computeRateCents, formatMoney, parseCents, plainAmount } from '../../src/shared/money';

describe('money', () => {
  it('parses amounts exactly, refusing more than 2 decimals, negatives and non-numbers', () => {
    expect(parseCents('40.5')).toBe(4050);
    expect(parseCents(40.51)).toBe(4051);
    expect(parseCents(0.1)! + parseCents(0.2)!).toBe(parseCents('0.30'));
    for (const bad of ['40.511', -1, '-1', 'abc', NaN, Infinity, '', '1e3', null, {}]) expect(parseCents(bad)).toBeNull();
  });
  it('prints amounts', () => {
    expect(centsToDecimal(4050)).toBe('40.50');
    expect(centsToNumber(4050)).toBe(40.5);
    expect(plainAmount(4050)).toBe('40.5');
    expect(formatMoney(40.5)).toBe('$40.50');
    expect(formatMoney('1234.5')).toBe('$1234.50');
  });
  it('computes the rate half-up to cents', () => {
    expect(computeRateCents(10000, 0, 1000)).toBe(1000); // 10% of 100
    expect(computeRateCents(1005, 0, 500)).toBe(50); // 5% of 10.05 = 0.5025 -> 0.50
    expect(computeRateCents(1010, 0, 500)).toBe(51); // 0.505 -> 0.51
    expect(computeRateCents(99999, 1, 250)).toBe(250);
  });
});
