import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { marketDataOf } from './market.ts';
import { VARIANT_SIZES, loadCatalogue, search, variantsOf } from './products.ts';

const catalogue = loadCatalogue(loadConfig(process.env).DATA_DIR);

describe('the sandbox catalogue', () => {
  it('serves the real StockX products of the data file, found by style id or by the words of their title', () => {
    expect(catalogue.products.length).toBeGreaterThan(900);
    expect(search(catalogue, 'fz5000').map((p) => p.title)).toEqual(['adidas Yeezy Boost 350 V2 Carbon']);
    expect(search(catalogue, 'yeezy 350 carbon').map((p) => p.styleId)).toContain('FZ5000');
    expect(search(catalogue, 'no such sneaker anywhere')).toEqual([]);
  });

  it('gives each product one variant per US size, with ids that stay the same', () => {
    const product = search(catalogue, 'FZ5000')[0]!;
    const variants = variantsOf(product);
    expect(variants.map((v) => Number(v.variantValue))).toEqual([...VARIANT_SIZES]);
    expect(variants[0]).toMatchObject({ productId: product.productId, sizeChart: { defaultConversion: { size: '4', type: 'us m' } } });
    expect(variantsOf(product)[5]!.variantId).toBe(variants[5]!.variantId);
    expect(new Set(variants.map((v) => v.variantId)).size).toBe(VARIANT_SIZES.length);
  });

  it('answers market data in StockX’s shape: whole-dollar strings, a bid under the ask, moving from one period to the next', () => {
    const product = search(catalogue, 'FZ5000')[0]!;
    const { variantId } = variantsOf(product)[12]!;
    const at = new Date('2026-11-27T10:00:00Z');
    const data = marketDataOf(product, variantId, at);
    expect(data).toMatchObject({ productId: product.productId, variantId, currencyCode: 'USD' });
    for (const amount of [data.lowestAskAmount, data.highestBidAmount, data.sellFasterAmount, data.earnMoreAmount]) expect(amount).toMatch(/^\d+$/);
    expect(Number(data.highestBidAmount)).toBeLessThan(Number(data.lowestAskAmount));
    expect(marketDataOf(product, variantId, at)).toEqual(data);
    const later = Array.from({ length: 5 }, (_, i) => marketDataOf(product, variantId, new Date(at.getTime() + (i + 1) * 60_000)).lowestAskAmount);
    expect(later.some((ask) => ask !== data.lowestAskAmount)).toBe(true);
  });

  it('refuses to run in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/never production/);
  });
});
