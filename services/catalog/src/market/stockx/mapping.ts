import { isValidSize } from '@kicksight/contracts';
import type { MappedVariant, MappingDoc } from '../../store/market-models.ts';
import type { ProductVariant, SearchProduct, StockxClient } from './client.ts';

/** Style ids compare without case, spaces or dashes ('DD1391-100' = 'dd1391 100'). */
export const styleKey = (styleId: string): string => styleId.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The search result that is the sneaker: the product whose style id is the sneaker's SKU. */
export function productForSku(products: SearchProduct[], sku: string): SearchProduct | undefined {
  const wanted = styleKey(sku);
  return products.find((p) => p.styleId !== null && styleKey(p.styleId) === wanted);
}

/** A variant's US size: its default size conversion, else its value ('10', '10.5', 'US 10'). */
export function sizeOfVariant(variant: ProductVariant): number | null {
  const text = variant.sizeChart?.defaultConversion?.size ?? variant.variantValue ?? '';
  const size = Number(/(\d+(?:\.5)?)/.exec(text)?.[1]);
  return isValidSize(size) ? size : null;
}

export function mappedVariants(variants: ProductVariant[]): MappedVariant[] {
  const bySize = new Map<number, string>();
  for (const v of variants) {
    const size = sizeOfVariant(v);
    if (size !== null && !bySize.has(size)) bySize.set(size, v.variantId);
  }
  return [...bySize].map(([size, variantId]) => ({ size, variantId })).sort((a, b) => a.size - b.size);
}

/** Finds a sneaker on StockX by its style id (catalog search), and its variants by size. */
export async function mapSneaker(client: Pick<StockxClient, 'search' | 'variants'>, sneaker: { _id: string; sku: string | null }, at: Date): Promise<MappingDoc> {
  const unmatched: MappingDoc = { _id: sneaker._id, status: 'unmatched', styleId: sneaker.sku, productId: null, variants: [], mappedAt: at };
  if (!sneaker.sku) return unmatched;
  const found = productForSku((await client.search(sneaker.sku, 10)).products, sneaker.sku);
  if (!found) return unmatched;
  const variants = mappedVariants(await client.variants(found.productId));
  return { _id: sneaker._id, status: 'mapped', styleId: found.styleId, productId: found.productId, variants, mappedAt: at };
}
