import { describe, expect, it } from 'vitest';
import { knownPrices } from './sneaker-tracker.ts';

describe('knownPrices', () => {
  it('keeps sizes with a price, one per size with its newest seq', () => {
    expect(
      knownPrices([
        { size: 10, currentPrice: 20_000, seq: 3 },
        { size: 10.5, currentPrice: null, seq: 0 },
        { size: 10, currentPrice: 19_000, seq: 2 },
        { size: 11, currentPrice: 22_000, seq: 0 },
      ]),
    ).toEqual([
      { size: 10, price: 20_000, seq: 3 },
      { size: 11, price: 22_000, seq: 0 },
    ]);
  });
});
