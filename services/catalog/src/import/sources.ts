import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  brandFromName,
  canonicalBrand,
  cleanDescription,
  cleanText,
  dollarsToCents,
  nameFromSlug,
  normaliseGender,
  normaliseSku,
  parseDay,
  parseSize,
  skusInText,
  titleCase,
  yenToCents,
} from '../domain/normalise.ts';

/** A product as one data file describes it (money in cents). */
export interface ProductRecord {
  file: string;
  row: number;
  name: string;
  brand: string;
  colorway: string;
  sku: string | null;
  model: string | null;
  releaseDate: string | null;
  retailPrice: number | null;
  gender: string | null;
  imageUrl: string | null;
  description: string | null;
  /** A market price the file gives (last sale, average or ask), used to calibrate simulated sales. */
  marketPrice: number | null;
  /** Price volatility as a fraction (0.061 = 6.1%), when the file gives one. */
  volatility: number | null;
}

/** A sale as one data file gives it, with what identifies its product. */
export interface SaleRecord {
  file: string;
  row: number;
  /** The product's name as written in the file. */
  productName: string | null;
  /** Style codes found in the row (free-text titles). */
  skus: string[];
  /** A free-text title, matched by the catalogue names whose words it all contains. */
  title: string | null;
  size: number | null;
  amount: number | null;
  day: string | null;
  /** Why the row cannot become a sale, when it cannot (reported, never dropped silently). */
  skipReason: string | null;
}

export interface SourceFile {
  file: string;
  rows: number;
  products: ProductRecord[];
  sales: SaleRecord[];
}

type Row = Record<string, string>;

const readCsv = (file: string): Row[] => parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true, trim: false });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const readJson = (file: string): any[] => JSON.parse(readFileSync(file, 'utf8'));

const fraction = (value: unknown, percent = false): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) return null;
  return percent ? n / 100 : n;
};

const product = (file: string, row: number, fields: Partial<ProductRecord> & { name: string }): ProductRecord => ({
  file,
  row,
  brand: canonicalBrand(fields.brand, fields.name),
  colorway: '',
  sku: null,
  model: null,
  releaseDate: null,
  retailPrice: null,
  gender: null,
  imageUrl: null,
  description: null,
  marketPrice: null,
  volatility: null,
  ...fields,
  name: cleanText(fields.name, 200),
});

const firstPrice = (...prices: (number | null)[]): number | null => prices.find((p) => p !== null) ?? null;

/**
 * One reader per data file of `../shared/data` (see its README for each file's quirks). The order
 * is the merge order: earlier files win when two describe the same product.
 */
export const READERS: { file: string; read: (file: string, name: string) => SourceFile }[] = [
  {
    file: 'thesneakerdatabase-catalog.json',
    read: (file, name) => {
      const items = readJson(file);
      return {
        file: name,
        rows: items.length,
        sales: [],
        products: items.map((p, i) =>
          product(name, i + 1, {
            name: p.name,
            brand: p.brand,
            colorway: cleanText(p.colorway),
            sku: normaliseSku(p.sku),
            model: cleanText(p.silhouette) || null,
            releaseDate: parseDay(p.release_date),
            retailPrice: dollarsToCents(p.retail_price_usd),
            gender: normaliseGender(p.gender),
            imageUrl: p.image_original || p.image_small || null,
            description: cleanDescription(p.story),
            marketPrice: dollarsToCents(p.estimated_market_value_usd),
          }),
        ),
      };
    },
  },
  {
    file: 'stockx-2020-10-catalog.json',
    read: (file, name) => {
      const items = readJson(file);
      return {
        file: name,
        rows: items.length,
        sales: [],
        products: items.map((p, i) =>
          product(name, i + 1, {
            name: p.title,
            brand: p.brand,
            colorway: cleanText(p.colorway) || cleanText(p.colorway_name),
            sku: normaliseSku(p.style_id),
            model: cleanText(p.silhouette) || null,
            releaseDate: parseDay(p.release_date),
            retailPrice: dollarsToCents(p.retail_price_usd),
            gender: normaliseGender(p.gender),
            imageUrl: p.image_url || null,
            description: cleanDescription(p.description),
          }),
        ),
      };
    },
  },
  {
    file: 'stockx-2020-10-browse-page2-products.json',
    read: (file, name) => {
      const items = readJson(file);
      return {
        file: name,
        rows: items.length,
        sales: [],
        products: items.map((p, i) =>
          product(name, i + 1, {
            name: p.title,
            brand: p.brand,
            colorway: cleanText(p.colorway) || cleanText(p.name),
            sku: normaliseSku(p.styleId),
            model: cleanText(p.shoe) || null,
            releaseDate: parseDay(p.releaseDate),
            retailPrice: dollarsToCents(p.retailPrice),
            gender: normaliseGender(p.gender),
            imageUrl: p.media?.imageUrl || null,
            description: cleanDescription(p.description),
            marketPrice: firstPrice(dollarsToCents(p.market?.lastSale), dollarsToCents(p.market?.averageDeadstockPrice), dollarsToCents(p.market?.lowestAsk)),
            volatility: fraction(p.market?.volatility),
          }),
        ),
      };
    },
  },
  {
    file: 'stockx-yeezy-2017-products.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      return {
        file: name,
        rows: rows.length,
        sales: [],
        products: rows.map((r, i) =>
          product(name, i + 1, {
            name: r.name!,
            brand: 'Yeezy',
            colorway: titleCase(cleanText(r.color)),
            model: r.model ? `Yeezy ${cleanText(r.model)}` : null,
            releaseDate: parseDay(r.release_date),
            retailPrice: dollarsToCents(r.retail_price_usd),
            gender: 'Men',
          }),
        ),
      };
    },
  },
  {
    file: 'stockx-2019-01-products.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      return {
        file: name,
        rows: rows.length,
        sales: [],
        products: rows.map((r, i) =>
          product(name, i + 1, {
            name: r.title!,
            brand: r.brand,
            colorway: cleanText(r.colorway) || cleanText(r.colorway_name),
            model: cleanText(r.silhouette) || null,
            releaseDate: parseDay(r.release_date),
            retailPrice: dollarsToCents(r.retail_price_usd),
            gender: normaliseGender(r.gender),
          }),
        ),
      };
    },
  },
  {
    file: 'stockx-2019-01-market-snapshots.csv',
    read: (file, name) => {
      // Three snapshots per product: the latest one with a price gives the market.
      const rows = readCsv(file).sort((a, b) => (b.snapshot ?? '').localeCompare(a.snapshot ?? ''));
      const seen = new Set<string>();
      const products: ProductRecord[] = [];
      rows.forEach((r, i) => {
        const price = firstPrice(dollarsToCents(r.lastSale), dollarsToCents(r.averageDeadstockPrice), dollarsToCents(r.lowestAsk));
        if (!r.title || seen.has(r.title) || price === null) return;
        seen.add(r.title);
        products.push(product(name, i + 1, { name: r.title, brand: brandFromName(r.title) ?? '', marketPrice: price, volatility: fraction(r.volatility) }));
      });
      return { file: name, rows: rows.length, sales: [], products };
    },
  },
  {
    file: 'stockx-2023-03-market-summary.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      const seen = new Set<string>();
      const products: ProductRecord[] = [];
      rows.forEach((r, i) => {
        if (!r.item || seen.has(r.item)) return;
        seen.add(r.item);
        products.push(
          product(name, i + 1, {
            name: r.item,
            brand: r.brand,
            releaseDate: parseDay(r.release),
            retailPrice: dollarsToCents(r.retail),
            marketPrice: firstPrice(dollarsToCents(r.lastSale), dollarsToCents(r.averageDeadstockPrice), dollarsToCents(r.lowestAsk)),
            volatility: fraction(r.volatility),
          }),
        );
      });
      return { file: name, rows: rows.length, sales: [], products };
    },
  },
  {
    file: 'stockx-2020-10-adidas-market-jpy.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      return {
        file: name,
        rows: rows.length,
        sales: [],
        products: rows.map((r, i) =>
          product(name, i + 1, {
            // Names are lowercase here ('adidas yeezy boost 350 v2 zebra').
            name: titleCase(cleanText(r.product_name)).replace(/^Adidas\b/, 'adidas'),
            brand: r.brand,
            colorway: cleanText(r.colorway),
            model: r.model ? `adidas ${titleCase(cleanText(r.model))}` : null,
            releaseDate: parseDay(r.release_date),
            retailPrice: yenToCents(r.retail_price),
            imageUrl: r.image_url || null,
            marketPrice: firstPrice(yenToCents(r.last_sale), yenToCents(r.avg_sale_price_12_month), yenToCents(r.lowest_ask)),
            volatility: fraction(r.volatility, true),
          }),
        ),
      };
    },
  },
  {
    file: 'stockx-2018-03-market-snapshot.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      return {
        file: name,
        rows: rows.length,
        sales: [],
        products: rows
          .map((r, i) => {
            const bid = dollarsToCents(r.highest_bid_usd);
            const ask = dollarsToCents(r.lowest_ask_usd);
            // The mid of bid and ask when both exist; a bid above the ask (a crossed book) trusts the ask.
            const price = bid !== null && ask !== null ? (bid <= ask ? Math.round((bid + ask) / 2) : ask) : firstPrice(ask, bid);
            return product(name, i + 1, { name: r.name!, brand: brandFromName(r.name ?? '') ?? '', marketPrice: price });
          })
          .filter((p) => p.name),
      };
    },
  },
  {
    file: 'stockx-2019-sales.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      const products = new Map<string, ProductRecord>();
      const sales: SaleRecord[] = rows.map((r, i) => {
        const slug = r['Sneaker Name'] ?? '';
        const productName = nameFromSlug(slug);
        if (productName && !products.has(productName)) {
          products.set(
            productName,
            product(name, i + 2, {
              name: productName,
              brand: r.Brand,
              model: null,
              releaseDate: parseDay(r['Release Date']),
              retailPrice: dollarsToCents(r['Retail Price']),
              gender: 'Men',
            }),
          );
        }
        return saleRecord(name, i + 2, { productName, size: r['Shoe Size'], amount: dollarsToCents(r['Sale Price']), day: parseDay(r['Order Date']) });
      });
      return { file: name, rows: rows.length, products: [...products.values()], sales };
    },
  },
  {
    file: 'stockx-yeezy-2017-recent-sales-by-size.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      return {
        file: name,
        rows: rows.length,
        products: [],
        sales: rows.map((r, i) => saleRecord(name, i + 2, { productName: r.product_name ?? null, size: r.shoe_size, amount: dollarsToCents(r.sale_price_usd), day: parseDay(r.sale_date) })),
      };
    },
  },
  {
    file: 'ebay-2025-sold-listings-aj1-yeezy350.csv',
    read: (file, name) => {
      const rows = readCsv(file);
      return {
        file: name,
        rows: rows.length,
        products: [],
        sales: rows.map((r, i) => {
          const sale = saleRecord(name, i + 2, { productName: null, title: r.title ?? null, skus: skusInText(r.title ?? ''), size: r.shoe_size_us, amount: dollarsToCents(r.sold_price_usd), day: parseDay(r.sold_date) });
          // Worn pairs trade far below deadstock prices; they would distort the market of a new pair.
          if (!sale.skipReason && (r.condition ?? '').toLowerCase() !== 'brand new') sale.skipReason = 'pre-owned pair (prices are for new pairs)';
          return sale;
        }),
      };
    },
  },
];

function saleRecord(file: string, row: number, fields: { productName: string | null; title?: string | null; skus?: string[]; size: unknown; amount: number | null; day: string | null }): SaleRecord {
  const size = parseSize(fields.size);
  const skipReason = fields.amount === null ? 'no sale (price missing or 0)' : fields.day === null ? 'no sale date' : size === null ? `invalid size ${String(fields.size)}` : null;
  return { file, row, productName: fields.productName, title: fields.title ?? null, skus: fields.skus ?? [], size, amount: fields.amount, day: fields.day, skipReason };
}

/** Reads every known file present in `dir`; a missing file is listed, not an error. */
export function readSources(dir: string, onFile?: (file: string) => void): { sources: SourceFile[]; missing: string[] } {
  const sources: SourceFile[] = [];
  const missing: string[] = [];
  for (const reader of READERS) {
    const full = path.join(dir, reader.file);
    if (!existsSync(full)) {
      missing.push(reader.file);
      continue;
    }
    sources.push(reader.read(full, reader.file));
    onFile?.(reader.file);
  }
  return { sources, missing };
}
