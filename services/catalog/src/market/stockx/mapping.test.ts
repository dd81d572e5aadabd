import { describe, expect, it } from 'vitest';
import { mappedVariants, productForSku, sizeOfVariant, styleKey } from './mapping.ts';

const product = (productId: string, styleId: string | null) => ({ productId, styleId, title: 't', brand: 'b' });
const variant = (variantId: string, size: string | null, value: string | null = size) => ({
  productId: 'p',
  variantId,
  variantValue: value,
  sizeChart: size === null ? undefined : { defaultConversion: { size, type: 'us m' } },
});

describe('mapping a sneaker to StockX', () => {
  it('takes the search result whose style id is the SKU, ignoring case and separators', () => {
    expect(styleKey('dd1391-100')).toBe('DD1391100');
    const results = [product('a', 'DD1391-101'), product('b', null), product('c', 'DD1391 100')];
    expect(productForSku(results, 'dd1391-100')?.productId).toBe('c');
    expect(productForSku(results, 'FZ5000')).toBeUndefined();
  });

  it('reads each variant’s US size and keeps one variant per valid size, in size order', () => {
    expect(sizeOfVariant(variant('v', '10.5'))).toBe(10.5);
    expect(sizeOfVariant(variant('v', null, 'US 9'))).toBe(9);
    expect(sizeOfVariant(variant('v', 'XL'))).toBeNull();
    expect(sizeOfVariant(variant('v', '25'))).toBeNull();
    expect(mappedVariants([variant('b', '11'), variant('a', '4'), variant('dup', '11'), variant('x', 'OS')])).toEqual([
      { size: 4, variantId: 'a' },
      { size: 11, variantId: 'b' },
    ]);
  });
});
