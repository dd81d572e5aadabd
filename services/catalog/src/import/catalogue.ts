import { sneakerIdOf } from '../domain/ids.ts';
import { nameKey } from '../domain/normalise.ts';
import type { MarketObservation, ProductRecord, SaleRecord, SourceFile } from './sources.ts';

/** A product after every file that describes it was merged in. */
export interface MergedProduct extends Omit<ProductRecord, 'row' | 'file' | 'market'> {
  id: string;
  /** Every market price the files give it (the guard checks each). */
  markets: (MarketObservation & { file: string; row: number })[];
  /** The market price simulated sales are drawn around (US cents), once the guard chose it, and its source. */
  marketPrice: number | null;
  marketSource: string | null;
  nameKey: string;
  /** The file that first described it. */
  source: string;
  sources: string[];
  /** Its position among the products its source file introduced. */
  order: number;
  sales: MatchedSale[];
}

export interface MatchedSale {
  file: string;
  row: number;
  size: number;
  amount: number;
  day: string;
}

export interface FileCounts {
  file: string;
  rows: number;
  /** Products this file introduced that are in the imported catalogue. */
  products: number;
  /** Records of this file merged into a product an earlier file introduced (same style code or name). */
  merged: number;
  /** Products this file introduced that were left out by the per-file limit of the seed. */
  notSelected: number;
  sales: number;
  /** Of its sales and market prices, those the price guard refused (kept in the quarantine). */
  quarantined: number;
  unmatched: number;
  skipped: number;
  skippedReasons: Record<string, number>;
  /** The names (or titles' style codes) of unmatched sales, most frequent first. */
  unmatchedNames: [string, number][];
}

/** A title matches a product by name only when the name has at least this many words. */
const MIN_TITLE_MATCH_WORDS = 5;

const FIELDS: (keyof ProductRecord)[] = ['colorway', 'sku', 'model', 'releaseDate', 'retailPrice', 'gender', 'imageUrl', 'description', 'volatility'];

/**
 * Merges the products of every file (deduplicated by style code, then by name key: two records
 * with different style codes stay two products), matches every sale to a product, and picks the
 * products of the seed: all with real sales, plus at most `perFile` more introduced by each file.
 */
export function buildCatalogue(sources: SourceFile[], perFile: number) {
  const products: MergedProduct[] = [];
  const bySku = new Map<string, MergedProduct>();
  const byName = new Map<string, MergedProduct>();
  const introduced = new Map<string, number>();
  const counts = new Map<string, FileCounts>();
  const mergedRecords = new Map<string, MergedProduct[]>();
  const countsOf = (file: string, rows = 0) => {
    let c = counts.get(file);
    if (!c) {
      c = { file, rows, products: 0, merged: 0, notSelected: 0, sales: 0, quarantined: 0, unmatched: 0, skipped: 0, skippedReasons: {}, unmatchedNames: [] };
      counts.set(file, c);
    }
    return c;
  };

  function find(record: { sku: string | null; key: string }): MergedProduct | undefined {
    const bySkuHit = record.sku ? bySku.get(record.sku) : undefined;
    if (bySkuHit) return bySkuHit;
    const byNameHit = byName.get(record.key);
    if (byNameHit && (!record.sku || !byNameHit.sku)) return byNameHit;
    return undefined;
  }

  function add(record: ProductRecord): void {
    const key = nameKey(record.name);
    if (!key) return;
    const existing = find({ sku: record.sku, key });
    if (existing) {
      for (const field of FIELDS) {
        const current = existing[field as keyof MergedProduct];
        if (current === null || current === '' || current === undefined) (existing as unknown as Record<string, unknown>)[field] = record[field];
      }
      if (record.market) existing.markets.push({ ...record.market, file: record.file, row: record.row });
      if (!existing.sources.includes(record.file)) existing.sources.push(record.file);
      if (existing.brand === 'Other' && record.brand !== 'Other') existing.brand = record.brand;
      if (record.sku && !bySku.has(record.sku)) bySku.set(record.sku, existing);
      if (existing.source !== record.file) mergedRecords.set(record.file, [...(mergedRecords.get(record.file) ?? []), existing]);
      return;
    }
    const order = introduced.get(record.file) ?? 0;
    introduced.set(record.file, order + 1);
    const { file, row, market, ...fields } = record;
    const markets = market ? [{ ...market, file, row }] : [];
    const product: MergedProduct = { ...fields, id: '', nameKey: key, source: file, sources: [file], order, sales: [], markets, marketPrice: null, marketSource: null };
    products.push(product);
    if (record.sku) bySku.set(record.sku, product);
    if (!byName.has(key)) byName.set(key, product);
  }

  for (const source of sources) {
    countsOf(source.file, source.rows);
    for (const record of source.products) add(record);
  }

  const unmatchedNames = new Map<string, Map<string, number>>();
  const nameWords = products.map((p) => ({ product: p, words: p.nameKey.split(' ') })).filter((p) => p.words.length >= MIN_TITLE_MATCH_WORDS);
  /** The product with the longest name whose words all appear in a free-text title. */
  function matchTitle(title: string): MergedProduct | undefined {
    const words = new Set(nameKey(title).replace(/\bair jordan\b/g, 'jordan').split(' '));
    let best: { product: MergedProduct; words: string[] } | undefined;
    for (const candidate of nameWords) {
      if ((!best || candidate.words.length > best.words.length) && candidate.words.every((w) => words.has(w))) best = candidate;
    }
    return best?.product;
  }
  function match(sale: SaleRecord): MergedProduct | undefined {
    for (const sku of sale.skus) {
      const hit = bySku.get(sku);
      if (hit) return hit;
    }
    if (sale.productName) return byName.get(nameKey(sale.productName));
    return sale.title ? matchTitle(sale.title) : undefined;
  }
  for (const source of sources) {
    const c = countsOf(source.file);
    for (const sale of source.sales) {
      if (sale.skipReason) {
        c.skipped++;
        c.skippedReasons[sale.skipReason] = (c.skippedReasons[sale.skipReason] ?? 0) + 1;
        continue;
      }
      const product = match(sale);
      if (!product) {
        c.unmatched++;
        const label = sale.productName ?? (sale.skus.length ? `style code ${sale.skus.join('/')} not in the catalogue` : 'no style code and no catalogue name in the title');
        const names = unmatchedNames.get(source.file) ?? new Map<string, number>();
        names.set(label, (names.get(label) ?? 0) + 1);
        unmatchedNames.set(source.file, names);
        continue;
      }
      c.sales++;
      product.sales.push({ file: sale.file, row: sale.row, size: sale.size!, amount: sale.amount!, day: sale.day! });
    }
  }
  for (const [file, names] of unmatchedNames) countsOf(file).unmatchedNames = [...names].sort((a, b) => b[1] - a[1]);

  const selected = products.filter((p) => p.sales.length > 0 || p.order < perFile);
  const chosen = new Set(selected);
  for (const p of products) {
    p.id = sneakerIdOf(p.sku ? `sku:${p.sku}` : `name:${p.nameKey}`);
    const c = countsOf(p.source);
    if (chosen.has(p)) c.products++;
    else c.notSelected++;
  }
  for (const [file, merged] of mergedRecords) countsOf(file).merged = new Set(merged.filter((p) => chosen.has(p))).size;

  return { products: selected, counts: sources.map((s) => countsOf(s.file)), allProducts: products.length };
}
