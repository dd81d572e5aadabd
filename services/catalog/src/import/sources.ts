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
  /** A market price the file gives (last sale, average, ask or estimate), used to calibrate simulated sales. */
  market: MarketObservation | null;
  /** Price volatility as a fraction (0.061 = 6.1%), when the file gives one. */
  volatility: number | null;
}

/** A real trade (last sale, average sale), a quote (ask, bid) or a catalogue's estimate. */
export type MarketKind = 'trade' | 'quote' | 'estimate';

/** A market price as a file gives it, in hundredths of its currency, on the day the file was taken. */
export interface MarketObservation {
  amount: number;
  currency: string;
  kind: MarketKind;
  /** ISO day. */
  observedOn: string;
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

/** A CSV record keyed by header, or a JSON file's object (nested; the mappings read what they need). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

const readCsv = (file: string): Row[] => parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true, trim: false });
const readJson = (file: string): Row[] => JSON.parse(readFileSync(file, 'utf8')) as Row[];

const fraction = (value: unknown, percent = false): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) return null;
  return percent ? n / 100 : n;
};

/** A product's fields as one row gives them (the name as written; `product` cleans it and fills the rest). */
type ProductFields = Partial<ProductRecord> & { name: string };

const product = (file: string, row: number, fields: ProductFields): ProductRecord => ({
  file,
  row,
  colorway: '',
  sku: null,
  model: null,
  releaseDate: null,
  retailPrice: null,
  gender: null,
  imageUrl: null,
  description: null,
  market: null,
  volatility: null,
  ...fields,
  brand: canonicalBrand(fields.brand, fields.name),
  name: cleanText(fields.name, 200),
});

const firstPrice = (...prices: (number | null)[]): number | null => prices.find((p) => p !== null) ?? null;

/** A sale's fields as one row gives them; `saleRecord` parses the size and says why a row cannot be a sale. */
interface SaleFields {
  productName: string | null;
  title?: string | null;
  skus?: string[];
  size: unknown;
  amount: number | null;
  day: string | null;
  /** Why the row cannot be a sale when it has a price, a date and a size (e.g. a worn pair). */
  unusable?: string | null;
}

/**
 * How one data file of `../shared/data` maps to products and sales (see its README for each file's
 * quirks). Rows are JSON objects or CSV records keyed by header.
 */
interface FileMapping {
  file: string;
  format: 'json' | 'csv';
  /** The row number of the first record in reports (2 for files numbered by CSV line, after the header). */
  firstRow: number;
  /** The order rows are read in, when it matters. */
  order?: (a: Row, b: Row) => number;
  /** The product a row describes, or null when it describes none. */
  product?: (row: Row) => ProductFields | null;
  /** One product per name as written: the first row that gives one wins. */
  onePerName?: boolean;
  /** Keep only products whose cleaned name is not empty. */
  named?: boolean;
  /** The sale a row records. */
  sale?: (row: Row) => SaleFields;
}

const observed = (amount: number | null, kind: MarketKind, observedOn: string, currency = 'USD'): MarketObservation | null =>
  amount === null ? null : { amount, currency, kind, observedOn };

/** The market price a StockX row gives: its last sale, else the average deadstock price (trades), else the lowest ask (a quote). */
const stockxMarket = (market: Row | undefined, observedOn: string): MarketObservation | null =>
  observed(firstPrice(dollarsToCents(market?.lastSale), dollarsToCents(market?.averageDeadstockPrice)), 'trade', observedOn) ??
  observed(dollarsToCents(market?.lowestAsk), 'quote', observedOn);

/** The mid of bid and ask when both exist; a bid above the ask (a crossed book) trusts the ask. */
function bidAskPrice(bid: number | null, ask: number | null): number | null {
  if (bid !== null && ask !== null) return bid <= ask ? Math.round((bid + ask) / 2) : ask;
  return firstPrice(ask, bid);
}

/** A yen amount in hundredths of a yen, as the guard takes money. */
const yenHundredths = (value: unknown): number | null => {
  const yen = value === '' || value === null || value === undefined ? Number.NaN : Number(value);
  return Number.isFinite(yen) && yen > 0 ? Math.round(yen * 100) : null;
};

/** The data files, in merge order: earlier files win when two describe the same product. */
export const FILE_MAPPINGS: FileMapping[] = [
  {
    file: 'thesneakerdatabase-catalog.json',
    format: 'json',
    firstRow: 1,
    product: (p) => ({
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
      // The catalogue's estimate; undated in the files, which hold releases up to December 2023.
      market: observed(dollarsToCents(p.estimated_market_value_usd), 'estimate', '2023-12-01'),
    }),
  },
  {
    file: 'stockx-2020-10-catalog.json',
    format: 'json',
    firstRow: 1,
    product: (p) => ({
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
  },
  {
    file: 'stockx-2020-10-browse-page2-products.json',
    format: 'json',
    firstRow: 1,
    product: (p) => ({
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
      market: stockxMarket(p.market, '2020-10-18'),
      volatility: fraction(p.market?.volatility),
    }),
  },
  {
    file: 'stockx-yeezy-2017-products.csv',
    format: 'csv',
    firstRow: 1,
    product: (r) => ({
      name: r.name,
      brand: 'Yeezy',
      colorway: titleCase(cleanText(r.color)),
      model: r.model ? `Yeezy ${cleanText(r.model)}` : null,
      releaseDate: parseDay(r.release_date),
      retailPrice: dollarsToCents(r.retail_price_usd),
      gender: 'Men',
    }),
  },
  {
    file: 'stockx-2019-01-products.csv',
    format: 'csv',
    firstRow: 1,
    product: (r) => ({
      name: r.title,
      brand: r.brand,
      colorway: cleanText(r.colorway) || cleanText(r.colorway_name),
      model: cleanText(r.silhouette) || null,
      releaseDate: parseDay(r.release_date),
      retailPrice: dollarsToCents(r.retail_price_usd),
      gender: normaliseGender(r.gender),
    }),
  },
  {
    // Three snapshots per product: the latest one with a price gives the market.
    file: 'stockx-2019-01-market-snapshots.csv',
    format: 'csv',
    firstRow: 1,
    order: (a, b) => (b.snapshot ?? '').localeCompare(a.snapshot ?? ''),
    onePerName: true,
    product: (r) => {
      const market = stockxMarket(r, String(r.snapshot ?? '').slice(0, 10));
      if (!r.title || market === null) return null;
      return { name: r.title, brand: brandFromName(r.title) ?? '', market, volatility: fraction(r.volatility) };
    },
  },
  {
    // Scraped in March 2023 (the day is not known). Items listed twice are each observed: the guard refuses a repeat.
    file: 'stockx-2023-03-market-summary.csv',
    format: 'csv',
    firstRow: 1,
    product: (r) =>
      r.item
        ? {
            name: r.item,
            brand: r.brand,
            releaseDate: parseDay(r.release),
            retailPrice: dollarsToCents(r.retail),
            market: stockxMarket(r, '2023-03-01'),
            volatility: fraction(r.volatility),
          }
        : null,
  },
  {
    file: 'stockx-2020-10-adidas-market-jpy.csv',
    format: 'csv',
    firstRow: 1,
    product: (r) => ({
      // Names are lowercase here ('adidas yeezy boost 350 v2 zebra').
      name: titleCase(cleanText(r.product_name)).replace(/^Adidas\b/, 'adidas'),
      brand: r.brand,
      colorway: cleanText(r.colorway),
      model: r.model ? `adidas ${titleCase(cleanText(r.model))}` : null,
      releaseDate: parseDay(r.release_date),
      retailPrice: yenToCents(r.retail_price),
      imageUrl: r.image_url || null,
      // Prices in yen, kept so until the guard converts them at the rate of the day the file was taken.
      market: observed(firstPrice(yenHundredths(r.last_sale), yenHundredths(r.avg_sale_price_12_month)), 'trade', '2020-10-18', 'JPY') ?? observed(yenHundredths(r.lowest_ask), 'quote', '2020-10-18', 'JPY'),
      volatility: fraction(r.volatility, true),
    }),
  },
  {
    file: 'stockx-2018-03-market-snapshot.csv',
    format: 'csv',
    firstRow: 1,
    named: true,
    product: (r) => ({
      name: r.name,
      brand: brandFromName(r.name ?? '') ?? '',
      market: observed(bidAskPrice(dollarsToCents(r.highest_bid_usd), dollarsToCents(r.lowest_ask_usd)), 'quote', '2018-03-16'),
    }),
  },
  {
    file: 'stockx-2019-sales.csv',
    format: 'csv',
    firstRow: 2,
    onePerName: true,
    product: (r) => {
      const productName = nameFromSlug(r['Sneaker Name'] ?? '');
      if (!productName) return null;
      return {
        name: productName,
        brand: r.Brand,
        model: null,
        releaseDate: parseDay(r['Release Date']),
        retailPrice: dollarsToCents(r['Retail Price']),
        gender: 'Men',
      };
    },
    sale: (r) => ({
      productName: nameFromSlug(r['Sneaker Name'] ?? ''),
      size: r['Shoe Size'],
      amount: dollarsToCents(r['Sale Price']),
      day: parseDay(r['Order Date']),
    }),
  },
  {
    file: 'stockx-yeezy-2017-recent-sales-by-size.csv',
    format: 'csv',
    firstRow: 2,
    sale: (r) => ({ productName: r.product_name ?? null, size: r.shoe_size, amount: dollarsToCents(r.sale_price_usd), day: parseDay(r.sale_date) }),
  },
  {
    file: 'ebay-2025-sold-listings-aj1-yeezy350.csv',
    format: 'csv',
    firstRow: 2,
    sale: (r) => ({
      productName: null,
      title: r.title ?? null,
      skus: skusInText(r.title ?? ''),
      size: r.shoe_size_us,
      amount: dollarsToCents(r.sold_price_usd),
      day: parseDay(r.sold_date),
      // Worn pairs trade far below deadstock prices; they would distort the market of a new pair.
      unusable: (r.condition ?? '').toLowerCase() !== 'brand new' ? 'pre-owned pair (prices are for new pairs)' : null,
    }),
  },
];

function saleRecord(file: string, row: number, fields: SaleFields): SaleRecord {
  const size = parseSize(fields.size);
  const skipReason =
    fields.amount === null ? 'no sale (price missing or 0)' : fields.day === null ? 'no sale date' : size === null ? `invalid size ${String(fields.size)}` : (fields.unusable ?? null);
  return { file, row, productName: fields.productName, title: fields.title ?? null, skus: fields.skus ?? [], size, amount: fields.amount, day: fields.day, skipReason };
}

/** Reads one data file through its mapping. */
export function readFile(mapping: FileMapping, full: string): SourceFile {
  const rows: Row[] = mapping.format === 'json' ? readJson(full) : readCsv(full);
  if (mapping.order) rows.sort(mapping.order);
  const products: ProductRecord[] = [];
  const sales: SaleRecord[] = [];
  const named = new Set<string>();
  rows.forEach((r, i) => {
    const row = i + mapping.firstRow;
    const fields = mapping.product?.(r);
    if (fields && !(mapping.onePerName && named.has(fields.name))) {
      named.add(fields.name);
      const record = product(mapping.file, row, fields);
      if (!mapping.named || record.name) products.push(record);
    }
    if (mapping.sale) sales.push(saleRecord(mapping.file, row, mapping.sale(r)));
  });
  return { file: mapping.file, rows: rows.length, products, sales };
}

/** Reads every known file present in `dir`; a missing file is listed, not an error. */
export function readSources(dir: string, onFile?: (file: string) => void): { sources: SourceFile[]; missing: string[] } {
  const sources: SourceFile[] = [];
  const missing: string[] = [];
  for (const mapping of FILE_MAPPINGS) {
    const full = path.join(dir, mapping.file);
    if (!existsSync(full)) {
      missing.push(mapping.file);
      continue;
    }
    sources.push(readFile(mapping, full));
    onFile?.(mapping.file);
  }
  return { sources, missing };
}
