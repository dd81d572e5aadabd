import { describe, expect, it } from 'vitest';
import { FEE_PLATFORMS, FEE_SCHEDULES, computeFees, percentOf, scheduleInForce } from './fees.ts';

const amounts = (fees: ReturnType<typeof computeFees>) => fees.lines.map((line) => [line.kind, line.amount]);

describe('StockX fees', () => {
  it('https://stockx.com/help/articles/what-are-stockxs-fees-for-sellers: level 1 pays a 9 % transaction fee and 3 % payment processing on $300', () => {
    const fees = computeFees('stockx', '2026-03-01', 30_000, { stockxSellerLevel: 1 });
    expect(amounts(fees)).toEqual([
      ['transaction', 2_700],
      ['payment_processing', 900],
    ]);
    expect(fees.total).toBe(3_600);
    expect(fees.schedule).toEqual({ platform: 'stockx', version: 'stockx-2023-07-01', sourceUrl: 'https://stockx.com/help/articles/what-are-stockxs-fees-for-sellers' });
  });

  it('https://stockx.com/help/articles/what-are-stockxs-fees-for-sellers: levels 2 to 5 pay 8.5, 8, 7.5 and 7 %', () => {
    const transaction = (level: 1 | 2 | 3 | 4 | 5) => computeFees('stockx', '2026-03-01', 20_000, { stockxSellerLevel: level }).lines[0]!.amount;
    expect([transaction(2), transaction(3), transaction(4), transaction(5)]).toEqual([1_700, 1_600, 1_500, 1_400]);
  });

  it('https://stockx.com/help/articles/what-are-stockxs-fees-for-sellers: the US minimum transaction fee applies to a small sale', () => {
    const fees = computeFees('stockx', '2026-03-01', 4_000, { stockxSellerLevel: 1 });
    expect(amounts(fees)).toEqual([
      ['transaction', 500],
      ['payment_processing', 120],
    ]);
  });

  it('https://soleretriever.com/news/articles/stockx-lower-selling-fees-higher-seller-level-requirements-2023: a sale before July 1, 2023 paid the rates 1 % higher', () => {
    expect(computeFees('stockx', '2023-06-30', 30_000).lines[0]!.amount).toBe(3_000);
    expect(computeFees('stockx', '2023-07-01', 30_000).lines[0]!.amount).toBe(2_700);
  });
});

describe('GOAT fees', () => {
  it('https://www.goat.com/fees-old: 9.5 % commission plus the $5 US seller fee, and 2.9 % to cash out the $176 earned on $200', () => {
    const fees = computeFees('goat', '2026-03-01', 20_000);
    expect(amounts(fees)).toEqual([
      ['commission', 1_900],
      ['seller_fee', 500],
      ['cash_out', 510],
    ]);
    expect(fees.total).toBe(2_910);
  });

  it('https://www.goat.com/fees-old: a rating of 70-89 pays 15 %, below 50 pays 25 %; outside the US the seller fee is higher; credit kept pays no cash-out fee', () => {
    expect(computeFees('goat', '2026-03-01', 20_000, { goatSellerRating: 80, goatCashOut: false }).lines.map((line) => line.amount)).toEqual([3_000, 500]);
    expect(computeFees('goat', '2026-03-01', 20_000, { goatSellerRating: 40, goatCashOut: false }).lines[0]!.amount).toBe(5_000);
    expect(computeFees('goat', '2026-03-01', 20_000, { sellerLocation: 'OTHER', goatCashOut: false }).lines[1]!.amount).toBe(3_000);
  });
});

describe('eBay fees', () => {
  it('https://www.ecommercebytes.com/2022/09/27/ebay-hikes-sneaker-fees-will-charge-buyers-14-95-pair-shipping/: sneakers of $150 or more pay 8 % and no per-order fee', () => {
    expect(amounts(computeFees('ebay', '2026-03-01', 30_000))).toEqual([['final_value', 2_400]]);
  });

  it('https://www.ecommercebytes.com/2022/09/27/ebay-hikes-sneaker-fees-will-charge-buyers-14-95-pair-shipping/: below $150 the standard 12.9 % and $0.30 per order', () => {
    expect(amounts(computeFees('ebay', '2026-03-01', 10_000))).toEqual([
      ['final_value', 1_290],
      ['per_order', 30],
    ]);
  });

  it('https://export.ebay.com/en/start-sell/seller-fees/final-value-fees/: the final value fee is a share of the total the buyer pays, shipping included', () => {
    // A $200 pair with $15 of shipping paid by the buyer: 8 % of $215.
    expect(amounts(computeFees('ebay', '2026-03-01', 20_000, { buyerShipping: 1_500 }))).toEqual([['final_value', 1_720]]);
    // Below $150 the band is the pair's price; the rate applies to price and shipping: 12.9 % of $115 and $0.30.
    expect(amounts(computeFees('ebay', '2026-03-01', 10_000, { buyerShipping: 1_500 }))).toEqual([
      ['final_value', 1_484],
      ['per_order', 30],
    ]);
    // Only eBay counts the buyer's shipping.
    expect(computeFees('stockx', '2026-03-01', 20_000, { buyerShipping: 1_500 }).total).toBe(computeFees('stockx', '2026-03-01', 20_000).total);
  });

  it('https://9to5toys.com/2020/12/18/ebay-sneaker-authenticity-guarantee/: in 2021 authenticated sneakers of $100 or more paid no final value fee', () => {
    expect(computeFees('ebay', '2021-06-01', 30_000).total).toBe(0);
    expect(computeFees('ebay', '2021-06-01', 9_000).total).toBe(1_191);
  });
});

describe('schedules', () => {
  it('uses the schedule in force on the day of the sale, and none before the first', () => {
    expect(scheduleInForce('stockx', '2021-07-31')).toBeUndefined();
    expect(scheduleInForce('stockx', '2021-08-01')?.version).toBe('stockx-2021-08-01');
    expect(scheduleInForce('stockx', '2023-06-30')?.version).toBe('stockx-2021-08-01');
    expect(scheduleInForce('stockx', '2023-07-01')?.version).toBe('stockx-2023-07-01');
    expect(scheduleInForce('ebay', '2022-09-30')?.version).toBe('ebay-2020-10-15');
    expect(computeFees('stockx', '2019-01-01', 30_000)).toEqual({ schedule: null, lines: [], total: 0 });
    expect(computeFees('other', '2026-01-01', 30_000)).toEqual({ schedule: null, lines: [], total: 0 });
  });

  it('records the source and the day it was read for every schedule, with unique versions in date order', () => {
    for (const schedule of FEE_SCHEDULES) {
      expect(schedule.sourceUrl).toMatch(/^https:\/\//);
      expect(schedule.readOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(schedule.version).toBe(`${schedule.platform}-${schedule.effectiveFrom}`);
    }
    expect(new Set(FEE_SCHEDULES.map((schedule) => schedule.version)).size).toBe(FEE_SCHEDULES.length);
    for (const platform of FEE_PLATFORMS) {
      const days = FEE_SCHEDULES.filter((schedule) => schedule.platform === platform).map((schedule) => schedule.effectiveFrom);
      expect(days).toEqual([...days].sort());
    }
  });

  it('rounds every percentage to the cent, half up, in whole numbers', () => {
    expect(percentOf(50, 300)).toBe(2);
    expect(percentOf(49, 300)).toBe(1);
    expect(percentOf(12_345, 950)).toBe(1_173);
    expect(percentOf(0, 900)).toBe(0);
    const fees = computeFees('stockx', '2026-03-01', 12_345, { stockxSellerLevel: 2 });
    expect(fees.lines.map((line) => line.amount)).toEqual([1_049, 370]);
    for (const line of fees.lines) expect(Number.isInteger(line.amount)).toBe(true);
  });
});
