import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@kicksight/contracts';
import { ageOf, priceSourceLabel, provenanceLine } from '@kicksight/contracts/provenance';
import type { SneakerDoc } from '../store/models.ts';
import { applySaleToVariants, statsOf, type VariantState } from './market.ts';
import { availabilityOf, detailOf, searchResultOf, searchResultsHoldUntil, summaryOf } from './views.ts';

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

/** A sneaker whose sales are applied by the market rules: size 9 sold three times lately (replayed), size 12 once. */
function sneaker(): SneakerDoc {
  let variants: VariantState[] = [];
  const sales = [
    { id: 'a', size: 9, amount: 30_000, soldAt: daysAgo(40), source: 'replay:stockx-2019-sales.csv' },
    { id: 'b', size: 9, amount: 31_000, soldAt: daysAgo(20), source: 'replay:stockx-2019-sales.csv' },
    { id: 'c', size: 12, amount: 45_000, soldAt: daysAgo(10), source: 'estimate:thesneakerdatabase' },
    { id: 'd', size: 9, amount: 32_000, soldAt: daysAgo(2), source: 'replay:stockx-2019-sales.csv' },
  ];
  for (const sale of sales) variants = applySaleToVariants(variants, { ...sale, sizeType: 'US' }).variants;
  return {
    _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    name: 'Adidas Yeezy Boost 350 V2 Zebra',
    brand: 'Adidas',
    colorway: 'White/Core Black/Red',
    sku: 'CP9654',
    model: null,
    releaseDate: '2017-02-25',
    retailPrice: 22_000,
    category: 'Sneakers',
    gender: 'Men',
    imageUrl: null,
    description: null,
    source: 'stockx-2019-sales.csv',
    sources: ['stockx-2019-sales.csv'],
    nameKey: 'zebra',
    variants,
    stats: statsOf(variants, daysAgo(40)),
    appliedSales: [],
    dataAsOf: '2026-05-31',
    dataShiftDays: 2_000,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

describe('provenance of every price', () => {
  it("gives each size its last sale's source and time, and flags a size with fewer than 3 sales in 90 days as thin", () => {
    const detail = detailOf(sneaker(), now);
    const [nine, twelve] = detail.variants;
    expect(nine!.provenance).toEqual({ source: 'replay:stockx-2019-sales.csv', asOf: daysAgo(2).toISOString(), thin: false });
    expect(twelve!.provenance).toEqual({ source: 'estimate:thesneakerdatabase', asOf: daysAgo(10).toISOString(), thin: true });
    // The sneaker's price: the source of the size sold last, at that sale's time (not the request's).
    expect(detail.provenance).toEqual({ source: 'replay:stockx-2019-sales.csv', asOf: daysAgo(2).toISOString(), thin: false });
    expect(searchResultOf(summaryOf(sneaker()), now).provenance).toEqual(detail.provenance);
  });

  it('turns thin when the third latest sale leaves the 90 days, and the kept answers are rebuilt then', () => {
    const doc = sneaker();
    const later = new Date(daysAgo(20).getTime() + 91 * DAY_MS);
    expect(detailOf(doc, later).provenance!.thin).toBe(true);
    expect(detailOf(doc, later).variants[0]!.provenance!.thin).toBe(true);
    expect(availabilityOf(doc, later)).not.toBe(availabilityOf(doc, now));
    // Search pages hold until the sneaker's third latest sale (20 days ago) is 90 days old.
    expect(searchResultsHoldUntil([summaryOf(doc)], now)).toBeLessThanOrEqual(daysAgo(20).getTime() + 90 * DAY_MS);
  });

  it('reads sneakers stored before sources were kept as replayed or generated, never as live', () => {
    const doc = sneaker();
    const old = { ...doc, variants: doc.variants.map(({ source: _source, latestSales: _latest, ...v }) => v) };
    expect(detailOf(old, now).variants[0]!.provenance).toEqual({ source: 'replay:stockx-2019-sales.csv', asOf: daysAgo(2).toISOString(), thin: true });
    expect(detailOf({ ...old, source: 'generated' }, now).provenance!.source).toBe('generated');
  });

  it('labels replayed prices as replayed, and only a live source with its age', () => {
    expect(priceSourceLabel('replay:stockx-2019-sales.csv')).toBe('Replayed public sales (2019 sample, shifted to today)');
    expect(priceSourceLabel('replay:market-feed')).toMatch(/^Replayed market/);
    expect(priceSourceLabel('estimate:thesneakerdatabase')).toMatch(/estimate/);
    expect(provenanceLine({ source: 'stockx-api', asOf: new Date(now.getTime() - 4 * 60_000).toISOString() }, now)).toBe('StockX · 4 min ago');
    expect(ageOf(daysAgo(2), now)).toBe('2 days ago');
  });
});
