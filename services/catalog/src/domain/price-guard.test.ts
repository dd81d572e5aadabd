import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../config.ts';
import { FILE_MAPPINGS, readFile, type ProductRecord, type SaleRecord } from '../import/sources.ts';
import { checkPrice, observationKey, repeatedValuesOf, robustCentre, type PriceObservation } from './price-guard.ts';

// Real rows of the shipped data files, read through the import's own mappings.
const DATA_DIR = process.env.DATA_DIR ?? DEFAULT_DATA_DIR;
const cache = new Map<string, ReturnType<typeof readFile>>();
const fileOf = (file: string) => {
  if (!cache.has(file)) cache.set(file, readFile(FILE_MAPPINGS.find((m) => m.file === file)!, path.join(DATA_DIR, file)));
  return cache.get(file)!;
};
const productRow = (file: string, row: number): ProductRecord => fileOf(file).products.find((p) => p.row === row)!;
const productNamed = (file: string, name: string): ProductRecord => fileOf(file).products.find((p) => p.name === name)!;
const salesOf = (file: string, productName: string): SaleRecord[] => fileOf(file).sales.filter((s) => s.productName === productName);

/** A product row's market price as the import observes it. */
const marketObservation = (p: ProductRecord): PriceObservation => ({
  sku: p.sku,
  amountCents: p.market!.amount,
  currency: p.market!.currency,
  source: p.file,
  observedAt: new Date(`${p.market!.observedOn}T00:00:00Z`),
});
const saleObservation = (s: SaleRecord): PriceObservation => ({ size: s.size, amountCents: s.amount!, currency: 'USD', source: s.file, observedAt: new Date(`${s.day}T00:00:00Z`), ref: `row ${s.row}` });

// Reading the large sales files takes a few seconds on a busy machine.
describe('the price guard on the shipped data', { timeout: 30_000 }, () => {
  it("refuses the Black Phantom's 99999 estimate as a placeholder, and 0 and negative prices", () => {
    const phantom = productNamed('thesneakerdatabase-catalog.json', 'Jordan 1 Retro Low OG SP Travis Scott Black Phantom');
    expect(phantom.sku).toBe('DM7866-001');
    expect(phantom.market).toMatchObject({ amount: 9_999_900, currency: 'USD', kind: 'estimate' });
    expect(checkPrice(marketObservation(phantom), { retailCents: 15_000 })).toMatchObject({ accepted: false, reason: 'placeholder' });
    for (const amountCents of [0, -15_000]) expect(checkPrice({ ...marketObservation(phantom), amountCents })).toMatchObject({ accepted: false, reason: 'placeholder' });

    // The same SKU's real market in March 2023: its last sale, $713, passes.
    const real = productNamed('stockx-2023-03-market-summary.csv', 'Jordan 1 Retro Low OG SP Travis Scott Black Phantom');
    expect(real.market).toMatchObject({ amount: 71_300, kind: 'trade' });
    expect(checkPrice(marketObservation(real), { retailCents: real.retailPrice })).toEqual({ accepted: true, amountCents: 71_300, currency: 'USD', converted: null });
  });

  it('refuses a value repeated across unrelated products far above their retail prices, and keeps common prices', () => {
    const products = [1, 2, 3].map((row) => productRow('stockx-2023-03-market-summary.csv', row));
    expect(new Set(products.map((p) => p.name)).size).toBe(3);
    // A source that put $2,999 where it had no price on three unrelated pairs retailing at $210-$400.
    const placeholder = products.map((p) => ({ product: p.name, amountCents: 299_900, retailCents: p.retailPrice }));
    const real = products.map((p) => ({ product: p.name, amountCents: p.market!.amount, retailCents: p.retailPrice }));
    const repeated = repeatedValuesOf([...placeholder, ...real]);
    expect([...repeated]).toEqual([299_900]);
    expect(checkPrice({ ...marketObservation(products[0]!), amountCents: 299_900 }, { repeatedValues: repeated })).toMatchObject({ accepted: false, reason: 'repeated_value' });
    expect(checkPrice(marketObservation(products[0]!), { repeatedValues: repeated })).toMatchObject({ accepted: true });
    // $150 is many products' real last sale in the 2019 snapshots, at or near their retail: not a placeholder.
    const snapshots = fileOf('stockx-2019-01-market-snapshots.csv').products.filter((p) => p.market?.amount === 15_000);
    expect(snapshots.length).toBeGreaterThan(20);
    expect(repeatedValuesOf(snapshots.map((p) => ({ product: p.name, amountCents: 15_000, retailCents: 15_000 })))).toEqual(new Set());
  });

  it('keeps a price in yen in yen and refuses it without a dated rate; converts it at the rate of its day', () => {
    const zebra = fileOf('stockx-2020-10-adidas-market-jpy.csv').products[0]!;
    expect(zebra.market).toMatchObject({ currency: 'JPY', observedOn: '2020-10-18' });
    const yen = marketObservation(zebra);
    const refused = checkPrice({ ...yen, observedAt: new Date('2021-03-01T00:00:00Z') });
    expect(refused).toMatchObject({ accepted: false, reason: 'wrong_currency' });
    expect(checkPrice(yen, { rates: [] })).toMatchObject({ accepted: false, reason: 'wrong_currency' });
    expect(checkPrice(yen)).toEqual({
      accepted: true,
      amountCents: Math.round(yen.amountCents / 105),
      currency: 'USD',
      converted: { currency: 'JPY', amount: yen.amountCents, rate: { currency: 'JPY', day: '2020-10-18', perUsd: 105 } },
    });
  });

  it('refuses the same observation twice: an item listed twice with the same figures in the March 2023 summary', () => {
    const [first, second] = [360, 362].map((row) => productRow('stockx-2023-03-market-summary.csv', row));
    expect(second!.name).toBe(first!.name);
    const seen = new Set([observationKey({ ...marketObservation(first!), productId: 'p1' })]);
    expect(checkPrice({ ...marketObservation(second!), productId: 'p1' }, { seen })).toMatchObject({ accepted: false, reason: 'duplicate' });
    // Two sales of one size at one price on one day are two rows of the file, not one sale twice.
    const sales = salesOf('stockx-2019-sales.csv', 'Adidas Yeezy Boost 350 V2 Beluga 2.0').slice(0, 2);
    const seenSale = new Set([observationKey(saleObservation(sales[0]!))]);
    expect(checkPrice(saleObservation(sales[1]!), { seen: seenSale })).toMatchObject({ accepted: true });
    expect(checkPrice(saleObservation(sales[0]!), { seen: seenSale })).toMatchObject({ accepted: false, reason: 'duplicate' });
  });

  it("refuses a price far from the product's retail price, and one above $30,000", () => {
    // The yen file's first row read as if it were in dollars: $21,100 for a pair retailing at 57,585 yen ($548).
    const zebra = fileOf('stockx-2020-10-adidas-market-jpy.csv').products[0]!;
    const misread = { ...marketObservation(zebra), currency: 'USD' };
    expect(checkPrice(misread, { retailCents: zebra.retailPrice })).toMatchObject({ accepted: false, reason: 'outlier_vs_retail' });
    // The Nike MAG's lowest ask in January 2019 was $48,000 (its last sale, $22,792, passes).
    const mag = fileOf('stockx-2019-01-market-snapshots.csv').products.find((p) => p.name === 'Nike MAG Back To the Future (2016)')!;
    expect(mag.market).toMatchObject({ amount: 2_279_200, kind: 'trade' });
    expect(checkPrice(marketObservation(mag))).toMatchObject({ accepted: true });
    expect(checkPrice({ ...marketObservation(mag), amountCents: 4_800_000 })).toMatchObject({ accepted: false, reason: 'above_ceiling' });
  });

  it("refuses a sale far from the product's own median and MAD, and keeps the product's real high sales", () => {
    const frozen = salesOf('stockx-2019-sales.csv', 'Adidas Yeezy Boost 350 V2 Semi Frozen Yellow');
    const centre = robustCentre(frozen.map((s) => s.amount!))!;
    expect(centre.median).toBe(28_500);
    const spike = frozen.find((s) => s.row === 1149)!;
    expect(spike.amount).toBe(182_500);
    expect(checkPrice(saleObservation(spike), { retailCents: 22_000, salesCentre: centre })).toMatchObject({ accepted: false, reason: 'outlier_vs_sales' });
    const refused = frozen.filter((s) => !checkPrice(saleObservation(s), { retailCents: 22_000, salesCentre: centre }).accepted);
    expect(refused.length / frozen.length).toBeLessThan(0.02);

    // The Off-White Chicago's $4,050 sale is 21 times its retail price, and within its own market.
    const chicago = salesOf('stockx-2019-sales.csv', 'Air Jordan 1 Retro High Off-White Chicago');
    const top = chicago.reduce((max, s) => (s.amount! > max.amount! ? s : max));
    expect(top.amount).toBe(405_000);
    expect(checkPrice(saleObservation(top), { retailCents: 19_000, salesCentre: robustCentre(chicago.map((s) => s.amount!)) })).toMatchObject({ accepted: true });
  });
});
