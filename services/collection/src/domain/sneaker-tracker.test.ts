import { describe, expect, it } from 'vitest';
import { knownPrices } from './sneaker-tracker.ts';

describe('knownPrices', () => {
  it('keeps sizes with a price, one per size with its newest seq; an answer without sales stands for them', () => {
    expect(
      knownPrices([
        { size: 10, currentPrice: 20_000, seq: 3 },
        { size: 10.5, currentPrice: null, seq: 0 },
        { size: 10, currentPrice: 19_000, seq: 2 },
        { size: 11, currentPrice: 22_000, seq: 0 },
      ]),
    ).toEqual([
      { size: 10, price: 20_000, seq: 3, sale: { price: 20_000, source: null, asOf: null }, reading: undefined, latestSales: undefined },
      { size: 11, price: 22_000, seq: 0, sale: { price: 22_000, source: null, asOf: null }, reading: undefined, latestSales: undefined },
    ]);
  });

  it('seeds the reading and the sales behind each price, as price.changed tells them later', () => {
    const sale = { price: 21_000, source: 'replay:stockx-2019-sales.csv', asOf: '2026-11-26T08:00:00.000Z' };
    const reading = { highestBid: 25_000, lowestAsk: 30_000, source: 'stockx-api', asOf: '2026-11-27T09:56:00.000Z' };
    expect(knownPrices([{ size: 10, currentPrice: 25_000, seq: 4, sale, reading, latestSales: [sale.asOf] }])).toEqual([{ size: 10, price: 25_000, seq: 4, sale, reading, latestSales: [sale.asOf] }]);
    expect(knownPrices([{ size: 9, currentPrice: 25_000, seq: 1, sale: null, reading, latestSales: [] }])).toEqual([{ size: 9, price: 25_000, seq: 1, sale: undefined, reading, latestSales: [] }]);
  });
});
