import { describe, expect, it } from 'vitest';
import { emptyVariant } from './market.ts';
import { applyReadingToVariants, marketPriceOf } from './market-readings.ts';
import { sneakerMarketOf, valueOf } from './market-view.ts';

/** A size priced at 200.00 a week before the readings, then at `price` on their morning. */
const variant = (size: number, price: number | null, seq: number, lastSaleAt: Date | null = null) => ({
  ...emptyVariant(size, 'US'),
  currentPrice: price,
  lastSalePrice: price,
  seq,
  lastSaleAt,
  priceMarks: [{ at: new Date('2026-11-20T00:00:00Z'), price: 20_000 }, ...(price === null ? [] : [{ at: new Date('2026-11-27T06:00:00Z'), price }])],
});

describe('market readings', () => {
  it('price a size at its highest bid (what it sells for now), else its lowest ask', () => {
    expect(marketPriceOf({ lowestAsk: 30_000, highestBid: 25_000 })).toBe(25_000);
    expect(marketPriceOf({ lowestAsk: 30_000, highestBid: null })).toBe(30_000);
    expect(marketPriceOf({ lowestAsk: null, highestBid: null })).toBeNull();
  });

  it('move a size’s price and its sequence number with every reading, announcing its source, time, bid and ask, adding a size not seen before', () => {
    const variants = [variant(9, 21_000, 4), variant(10, 22_000, 7)];
    const asOf = new Date('2026-11-27T09:58:00Z');
    const reading = (size: number, highestBid: number | null, lowestAsk: number | null) => ({ size, highestBid, lowestAsk, sellFaster: null, earnMore: null, source: 'stockx-api', asOf });
    const moved = applyReadingToVariants(variants, reading(10, 23_500, 26_000), 'US', 23_500);
    expect(moved.change).toEqual({ size: 10, price: 23_500, previous: 22_000, seq: 8, source: 'stockx-api', asOf: '2026-11-27T09:58:00.000Z', highestBid: 23_500, lowestAsk: 26_000, latestSales: [] });
    expect(moved.variants[1]).toMatchObject({ currentPrice: 23_500, seq: 8, priceChange24h: 3_500, lastSalePrice: 22_000 });
    const again = applyReadingToVariants(moved.variants, reading(10, 23_500, 25_500), 'US', 23_500);
    expect(again.change).toMatchObject({ price: 23_500, previous: 23_500, seq: 9, lowestAsk: 25_500 });
    const added = applyReadingToVariants(variants, reading(9.5, null, 19_000), 'US', 19_000);
    expect(added.variants.map((v) => v.size)).toEqual([9, 9.5, 10]);
    expect(added.change).toMatchObject({ size: 9.5, price: 19_000, previous: null, seq: 1, highestBid: null, lowestAsk: 19_000 });
  });

  it('show each size’s reading with its source and time, and a size without one by its replayed sale', () => {
    const soldAt = new Date('2026-11-26T08:00:00Z');
    const readAt = new Date('2026-11-27T09:59:00Z');
    const market = sneakerMarketOf(
      { _id: 's1', source: 'stockx-2019-sales.csv', variants: [variant(9, 21_000, 1, soldAt), variant(10, 22_000, 1, soldAt)] },
      [
        { size: 10, lowestAsk: 30_000, highestBid: 25_000, sellFaster: 29_900, earnMore: 31_000, source: 'stockx-api', asOf: readAt },
        { size: 11, lowestAsk: 28_000, highestBid: null, sellFaster: null, earnMore: null, source: 'stockx-api', asOf: readAt },
      ],
      { now: new Date('2026-11-27T10:00:00Z'), staleAfterMs: 3_600_000 },
    );
    expect(market.sizes).toEqual([
      { size: 9, lowestAsk: null, highestBid: null, lastSale: 21_000, source: 'replay:stockx-2019-sales.csv', asOf: soldAt.toISOString(), value: 21_000, valueBasis: 'last_sale', stale: false },
      { size: 10, lowestAsk: 30_000, highestBid: 25_000, lastSale: 22_000, source: 'stockx-api', asOf: readAt.toISOString(), value: 25_000, valueBasis: 'highest_bid', stale: false },
      { size: 11, lowestAsk: 28_000, highestBid: null, lastSale: null, source: 'stockx-api', asOf: readAt.toISOString(), value: 28_000, valueBasis: 'lowest_ask', stale: false },
    ]);
    expect(market).toMatchObject({ sneakerId: 's1', lowestAsk: 28_000, highestBid: 25_000, lastSale: 21_000, source: 'stockx-api', asOf: readAt.toISOString(), stale: false });
  });

  it('name a size without a reading by its own last sale’s source, as its prices do: generated, a test sale, a data file', () => {
    const soldAt = new Date('2026-11-26T08:00:00Z');
    const market = (source: string, sizeSource?: string) =>
      sneakerMarketOf({ _id: 's1', source, variants: [{ ...variant(10, 22_000, 1, soldAt), ...(sizeSource && { source: sizeSource }) }] }, [], { now: new Date('2026-11-27T10:00:00Z'), staleAfterMs: 3_600_000 });
    expect(market('generated').sizes[0]!.source).toBe('generated');
    expect(market('thesneakerdatabase-catalog.json', 'test').sizes[0]!.source).toBe('test');
    expect(market('thesneakerdatabase-catalog.json', 'snapshot:stockx-2023-03-market-summary.csv').sizes[0]!.source).toBe('snapshot:stockx-2023-03-market-summary.csv');
    expect(market('stockx-2019-sales.csv').sizes[0]!.source).toBe('replay:stockx-2019-sales.csv');
  });

  it('value a pair by its last sale once its reading is older than MARKET_STALE_AFTER, and say the reading is stale', () => {
    const soldAt = new Date('2026-11-26T08:00:00Z');
    const readAt = new Date('2026-11-27T06:00:00Z');
    const reading = { size: 10, lowestAsk: 30_000, highestBid: 25_000, sellFaster: null, earnMore: null, source: 'stockx-api', asOf: readAt };
    const market = sneakerMarketOf({ _id: 's1', source: 'generated', variants: [variant(10, 22_000, 1, soldAt)] }, [reading], { now: new Date('2026-11-27T10:00:00Z'), staleAfterMs: 3_600_000 });
    expect(market.sizes[0]).toMatchObject({ highestBid: 25_000, value: 22_000, valueBasis: 'last_sale', stale: true });
    expect(market.stale).toBe(true);
    expect(valueOf(reading, true, 22_000)).toEqual({ value: 25_000, valueBasis: 'highest_bid' });
    expect(valueOf(undefined, false, null)).toEqual({ value: null, valueBasis: null });
  });
});
