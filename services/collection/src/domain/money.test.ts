import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from './money.ts';

describe('dollars and cents', () => {
  it('reads dollar amounts as cents', () => {
    expect(dollarsToCents('120')).toBe(12_000);
    expect(dollarsToCents('120.5')).toBe(12_050);
    expect(dollarsToCents('$1,200.09')).toBe(120_009);
    expect(dollarsToCents('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '12.345', '-5', 'abc', '1,20']) expect(dollarsToCents(text)).toBeUndefined();
  });

  it('writes cents as dollars with two decimals', () => {
    expect(centsToDollars(12_050)).toBe('120.50');
    expect(centsToDollars(-1_205)).toBe('-12.05');
    expect(centsToDollars(7)).toBe('0.07');
  });
});
