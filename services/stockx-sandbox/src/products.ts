import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The sandbox's catalogue: StockX products of October 2020 (`stockx-2020-10-catalog.json`, read in
 * place), each with its real StockX product id, style id, title and retail price, and one variant
 * per US size. Shapes follow StockX's API v2 (Product, ProductVariant, SearchProduct).
 */

export const CATALOG_FILE = 'stockx-2020-10-catalog.json';

/** US sizes 4 to 14 in half steps: one variant each. */
export const VARIANT_SIZES: readonly number[] = Array.from({ length: 21 }, (_, i) => 4 + i / 2);

interface CatalogRow {
  id: string;
  brand: string | null;
  title: string | null;
  colorway: string | null;
  style_id: string | null;
  url_key: string;
  gender: string | null;
  retail_price_usd: number | null;
  release_date: string | null;
}

export interface SandboxProduct {
  productId: string;
  urlKey: string;
  styleId: string | null;
  productType: string;
  title: string | null;
  brand: string | null;
  productAttributes: { gender: string | null; season: string | null; releaseDate: string | null; retailPrice: number | null; colorway: string | null; color: string | null };
}

export interface SandboxVariant {
  productId: string;
  variantId: string;
  variantName: string;
  variantValue: string;
  sizeChart: { availableConversions: { size: string; type: string }[]; defaultConversion: { size: string; type: string } };
  gtins: { identifier: string; type: string }[];
  isFlexEligible: boolean;
  isDirectEligible: boolean;
}

/** A UUID-shaped id derived from text, so a variant keeps its id across restarts. */
export function stableId(text: string): string {
  const hex = createHash('sha1').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const sizeText = (size: number) => String(size);

export function variantsOf(product: SandboxProduct): SandboxVariant[] {
  return VARIANT_SIZES.map((size) => {
    const us = { size: sizeText(size), type: 'us m' };
    return {
      productId: product.productId,
      variantId: stableId(`${product.productId}:${size}`),
      variantName: `${product.urlKey}:${size}`,
      variantValue: sizeText(size),
      sizeChart: { availableConversions: [us, { size: sizeText(size + 0.5), type: 'uk' }], defaultConversion: us },
      gtins: [],
      isFlexEligible: false,
      isDirectEligible: false,
    };
  });
}

export interface Catalogue {
  products: SandboxProduct[];
  byId: Map<string, SandboxProduct>;
}

export function productOf(row: CatalogRow): SandboxProduct {
  return {
    productId: row.id,
    urlKey: row.url_key,
    styleId: row.style_id || null,
    productType: 'sneakers',
    title: row.title,
    brand: row.brand,
    productAttributes: { gender: row.gender, season: null, releaseDate: row.release_date, retailPrice: row.retail_price_usd, colorway: row.colorway, color: null },
  };
}

/** Reads the catalogue file from the data directory. */
export function loadCatalogue(dataDir: string): Catalogue {
  const rows = JSON.parse(readFileSync(join(dataDir, CATALOG_FILE), 'utf8')) as CatalogRow[];
  const products = rows.filter((row) => row.id && row.url_key).map(productOf);
  return { products, byId: new Map(products.map((p) => [p.productId, p])) };
}

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Catalog search as StockX documents it: a style id matches exactly, else every word of the query must appear in the title. */
export function search(catalogue: Catalogue, query: string): SandboxProduct[] {
  const wanted = normalise(query);
  const byStyle = catalogue.products.filter((p) => p.styleId !== null && normalise(p.styleId) === wanted);
  if (byStyle.length > 0) return byStyle;
  const words = wanted.split(' ').filter(Boolean);
  return catalogue.products.filter((p) => {
    const title = normalise(`${p.title ?? ''} ${p.styleId ?? ''}`);
    return words.every((word) => title.includes(word));
  });
}
