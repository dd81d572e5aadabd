import { DAY_MS, dayStartMs, daysBefore, utcDay } from '@kicksight/contracts';
import { GENERATED_SOURCE, replaySource } from '@kicksight/contracts/provenance';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '@kicksight/platform';
import { saleIdOf } from '../domain/ids.ts';
import {
  SALE_PAGE_ROWS,
  aggregateTargets,
  applySaleToVariants,
  salePageIdOf,
  statsOf,
  type SaleFacts,
  type VariantState,
} from '../domain/market.ts';
import { summaryDocOf } from '../domain/views.ts';
import { markSummariesComplete } from '../store/summaries.ts';
import { insertNew, productChangeEntry, type AggregateDoc, type Models, type SaleDoc, type SalePageDoc, type SneakerDoc } from '../store/models.ts';
import { buildCatalogue, type FileCounts, type MergedProduct } from './catalogue.ts';
import { formatGuardCounts, guardProducts, type GuardCounts } from './guard.ts';
import { generateProducts, simulateSales } from './simulate.ts';
import { readSources } from './sources.ts';

export interface ImportOptions {
  /** The data directory; null seeds from the generator alone. */
  dataDir: string | null;
  /** Generated products added for breadth. */
  generate: number;
  /** Products each catalogue file contributes beyond those with real sales. */
  productsPerFile: number;
  /** Average count of simulated sales for a product without real ones. */
  salesPerProduct: number;
  /** Days the simulated sales span. */
  simulatedDays: number;
  onProgress?: (event: ProgressEvent) => void;
}

export type ProgressEvent = { phase: 'read'; file: string; done: number; total: number } | { phase: 'build' | 'write'; done: number; total: number; label: string };

export const DEFAULT_IMPORT: Omit<ImportOptions, 'dataDir'> = { generate: 100, productsPerFile: 40, salesPerProduct: 30, simulatedDays: 120 };
/** The full catalogue: every real product of the files and 50,000 generated ones, over a million sales. */
export const LARGE_IMPORT: Omit<ImportOptions, 'dataDir'> = { generate: 50_000, productsPerFile: 100_000, salesPerProduct: 20, simulatedDays: 120 };

export interface ImportReport {
  /** The day the market data runs to: real series were moved to end there, simulated ones end there. */
  dataAsOf: string;
  files: FileCounts[];
  missingFiles: string[];
  generated: { products: number; sales: number };
  simulated: { products: number; sales: number };
  totals: { products: number; realSales: number; sales: number; productsInFiles: number };
  inserted: { sneakers: number; sales: number; aggregates: number; salePages: number; quarantined: number };
  /** What the price guard accepted and refused (by reason). */
  guard: GuardCounts;
  timings: { readMs: number; buildMs: number; writeMs: number; totalMs: number };
}

const META_ID = 'import';

interface Built {
  sneakers: SneakerDoc[];
  sales: SaleDoc[];
  aggregates: AggregateDoc[];
  pages: SalePageDoc[];
}

/** `source` is the file (or 'generated') stored with the sale; `provenance` what its price reads as (replayed, simulated, generated). */
type TimedSale = SaleFacts & { source: string; provenance: string; originalSoldAt: Date | null };

/**
 * Moves a product's real sales in time by one offset, so its latest sale lands on the data's as-of
 * day; order and prices are kept. Sales of one day are spread across that day in file order.
 */
export function shiftRealSales(product: MergedProduct, anchorDay: string): { sales: TimedSale[]; shiftDays: number } {
  const latest = product.sales.reduce((max, s) => (s.day > max ? s.day : max), '');
  const shiftDays = Math.round((dayStartMs(anchorDay) - dayStartMs(latest)) / DAY_MS);
  const byDay = new Map<string, typeof product.sales>();
  for (const sale of product.sales) byDay.set(sale.day, [...(byDay.get(sale.day) ?? []), sale]);
  const sales: TimedSale[] = [];
  for (const [day, list] of byDay) {
    const start = dayStartMs(day);
    list.sort((a, b) => (a.file === b.file ? a.row - b.row : a.file < b.file ? -1 : 1));
    list.forEach((sale, k) => {
      const at = start + Math.floor(((k + 0.5) / list.length) * DAY_MS);
      sales.push({
        id: saleIdOf(`${sale.file}:${sale.row}`),
        size: sale.size,
        sizeType: 'US',
        amount: sale.amount,
        soldAt: new Date(at + shiftDays * DAY_MS),
        originalSoldAt: new Date(at),
        source: sale.file,
        provenance: replaySource(sale.file),
      });
    });
  }
  return { sales, shiftDays };
}

const sizeTypeOf = (gender: string | null) => (gender === 'Women' ? 'US W' : gender === 'Kids' ? 'US Y' : 'US');

/** Every document of one product, from its sales applied in time order by the market rules. */
export function buildProduct(product: MergedProduct, sales: TimedSale[], meta: { anchorDay: string; shiftDays: number | null; now: Date }): Built {
  sales.sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime() || (a.id < b.id ? -1 : 1));
  let variants: VariantState[] = [];
  const aggregates = new Map<string, AggregateDoc>();
  const pages = new Map<string, SalePageDoc>();
  const saleDocs: SaleDoc[] = [];
  sales.forEach((sale, seq) => {
    variants = applySaleToVariants(variants, { ...sale, source: sale.provenance }).variants;
    for (const target of aggregateTargets(product.id, sale)) {
      let doc = aggregates.get(target.id);
      if (!doc) {
        doc = { _id: target.id, sneakerId: product.id, size: target.size, year: target.year, days: {}, applied: [] };
        aggregates.set(target.id, doc);
      }
      const totals = (doc.days[target.day] ??= { c: 0, s: 0 });
      totals.c += 1;
      totals.s += sale.amount;
    }
    const pageIndex = Math.floor(seq / SALE_PAGE_ROWS);
    const pageId = salePageIdOf(product.id, pageIndex);
    let page = pages.get(pageId);
    if (!page) {
      page = { _id: pageId, sneakerId: product.id, index: pageIndex, rows: [] };
      pages.set(pageId, page);
    }
    page.rows.push({ id: sale.id, seq, size: sale.size, sizeType: sale.sizeType, amount: sale.amount, at: sale.soldAt });
    saleDocs.push({
      _id: sale.id,
      sneakerId: product.id,
      size: sale.size,
      sizeType: sale.sizeType,
      amount: sale.amount,
      soldAt: sale.soldAt,
      originalSoldAt: sale.originalSoldAt,
      source: sale.source,
      seq,
      // Imported history is not announced sale by sale; the product's change is (catalog.product_changed).
      published: true,
    });
  });
  const sneaker: SneakerDoc = {
    _id: product.id,
    name: product.name,
    brand: product.brand,
    colorway: product.colorway,
    sku: product.sku,
    model: product.model,
    releaseDate: product.releaseDate,
    retailPrice: product.retailPrice,
    category: 'Sneakers',
    gender: product.gender ?? 'Unisex',
    imageUrl: product.imageUrl,
    description: product.description,
    source: product.source,
    sources: product.sources,
    nameKey: product.nameKey,
    variants,
    stats: statsOf(variants, sales[0]?.soldAt ?? null),
    appliedSales: [],
    dataAsOf: meta.anchorDay,
    dataShiftDays: meta.shiftDays,
    version: 1,
    createdAt: meta.now,
    updatedAt: meta.now,
  };
  return { sneakers: [sneaker], sales: saleDocs, aggregates: [...aggregates.values()], pages: [...pages.values()] };
}

/**
 * Imports the real data files (when there are any) and generated breadth into the catalog's
 * store. Every document's id is derived from where it came from and the as-of day is kept from
 * the first run, so a second run computes the same documents and inserts none of them again.
 */
export async function runImport(models: Models, options: ImportOptions, clock: Clock): Promise<ImportReport> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  const now = clock.now();
  const meta = await models.Meta.findById(META_ID).lean();
  const anchorDay = meta?.anchorDay ?? utcDay(daysBefore(now, 1));

  const { sources, missing } = options.dataDir ? readSources(options.dataDir, (file) => progress({ phase: 'read', file, done: 1, total: 1 })) : { sources: [], missing: [] };
  const fingerprint = fingerprintOf(options, anchorDay, sources.map((s) => s.file));
  const catalogue = buildCatalogue(sources, options.productsPerFile);
  const guarded = guardProducts(catalogue.products, now);
  for (const entry of guarded.entries) {
    const file = catalogue.counts.find((c) => c.file === entry.file);
    if (file) file.quarantined += 1;
  }
  const readMs = performance.now() - started;

  const taken = new Set(catalogue.products.map((p) => p.nameKey));
  const generated = generateProducts(options.generate, anchorDay, taken);
  const products = [...catalogue.products, ...generated];
  const built: Built = { sneakers: [], sales: [], aggregates: [], pages: [] };
  const simulation = { anchorDay, days: options.simulatedDays, perProduct: options.salesPerProduct };
  let simulatedProducts = 0;
  let simulatedSales = 0;
  let generatedSales = 0;
  let realSales = 0;
  products.forEach((product, i) => {
    let sales: TimedSale[];
    let shiftDays: number | null = null;
    if (product.sales.length > 0) {
      ({ sales, shiftDays } = shiftRealSales(product, anchorDay));
      realSales += sales.length;
    } else {
      sales = simulateSales(product, simulation).map((s) => ({
        id: saleIdOf(`generated:${product.id}:${s.index}`),
        size: s.size,
        sizeType: sizeTypeOf(product.gender),
        amount: s.amount,
        soldAt: s.soldAt,
        originalSoldAt: null,
        source: GENERATED_SOURCE,
        provenance: product.marketSource ?? GENERATED_SOURCE,
      }));
      if (product.source === 'generated') generatedSales += sales.length;
      else {
        simulatedProducts++;
        simulatedSales += sales.length;
      }
    }
    const docs = buildProduct(product, sales, { anchorDay, shiftDays, now });
    built.sneakers.push(...docs.sneakers);
    built.sales.push(...docs.sales);
    built.aggregates.push(...docs.aggregates);
    built.pages.push(...docs.pages);
    if (i % 50 === 0 || i === products.length - 1) progress({ phase: 'build', label: 'products', done: i + 1, total: products.length });
  });
  const buildMs = performance.now() - started - readMs;

  // Sales, aggregates and pages first, sneakers last: a run cut short is completed by the next one.
  const total = built.sales.length + built.aggregates.length + built.pages.length + 2 * built.sneakers.length;
  let written = 0;
  const write = async <T extends { _id: string }>(label: string, model: Parameters<typeof insertNew<T>>[0], docs: T[], batch: number) => {
    const inserted: string[] = [];
    for (let i = 0; i < docs.length; i += batch) {
      inserted.push(...(await insertNew(model, docs.slice(i, i + batch), batch)));
      written += Math.min(batch, docs.length - i);
      progress({ phase: 'write', label, done: written, total });
    }
    return inserted;
  };
  // Refused prices are kept whatever else was written (each entry once: its id says where it came from).
  const quarantined = await insertNew(models.Quarantine, guarded.entries);
  // The same files and options were imported completely before: every document is there already.
  const done = (meta?.completed ?? []).includes(fingerprint);
  const salesInserted = done ? [] : await write('sales', models.Sale, built.sales, 2_000);
  const aggregatesInserted = done ? [] : await write('daily aggregates', models.Aggregate, built.aggregates, 500);
  const pagesInserted = done ? [] : await write('sale pages', models.SalePage, built.pages, 200);
  // Summaries before their sneakers: a sneaker that exists always has its summary.
  if (!done) await write('summaries', models.Summary, built.sneakers.map(summaryDocOf), 1_000);
  const sneakersInserted = done ? [] : await write('sneakers', models.Sneaker, built.sneakers, 500);
  // The first import into a store gives every sneaker its summary.
  if (!meta) await markSummariesComplete(models);
  // New products are announced through the relay (catalog.product_changed).
  await insertNew(models.Outbox, sneakersInserted.map((id) => productChangeEntry(id, 1, now)));
  await models.Meta.updateOne({ _id: META_ID }, { $set: { anchorDay }, $setOnInsert: { importedAt: now }, $addToSet: { completed: fingerprint } }, { upsert: true });
  const writeMs = performance.now() - started - readMs - buildMs;

  return {
    dataAsOf: anchorDay,
    files: catalogue.counts,
    missingFiles: missing,
    generated: { products: generated.length, sales: generatedSales },
    simulated: { products: simulatedProducts, sales: simulatedSales },
    totals: { products: products.length, realSales, sales: built.sales.length, productsInFiles: catalogue.allProducts },
    inserted: { sneakers: sneakersInserted.length, sales: salesInserted.length, aggregates: aggregatesInserted.length, salePages: pagesInserted.length, quarantined: quarantined.length },
    guard: guarded.counts,
    timings: { readMs: Math.round(readMs), buildMs: Math.round(buildMs), writeMs: Math.round(writeMs), totalMs: Math.round(performance.now() - started) },
  };
}

/** What makes two runs the same: the options, the as-of day and the content of every file read. */
function fingerprintOf(options: ImportOptions, anchorDay: string, files: string[]): string {
  const hash = createHash('sha256').update(JSON.stringify({ generate: options.generate, productsPerFile: options.productsPerFile, salesPerProduct: options.salesPerProduct, simulatedDays: options.simulatedDays, anchorDay }));
  for (const file of files) hash.update(file).update(readFileSync(path.join(options.dataDir!, file)));
  return hash.digest('hex');
}

/** The import's report as a table a person reads. */
export function formatReport(report: ImportReport): string {
  const lines = [
    `Data as of ${report.dataAsOf} (real sales were moved in time, one offset per product, to end on that day)`,
    '',
    `${'file'.padEnd(46)} ${'rows'.padStart(7)} ${'products'.padStart(8)} ${'merged'.padStart(7)} ${'sales'.padStart(7)} ${'unmatched'.padStart(9)} ${'skipped'.padStart(8)} ${'quarantined'.padStart(11)}`,
  ];
  for (const f of report.files) {
    lines.push(`${f.file.padEnd(46)} ${String(f.rows).padStart(7)} ${String(f.products).padStart(8)} ${String(f.merged).padStart(7)} ${String(f.sales).padStart(7)} ${String(f.unmatched).padStart(9)} ${String(f.skipped).padStart(8)} ${String(f.quarantined).padStart(11)}`);
    for (const [reason, count] of Object.entries(f.skippedReasons)) lines.push(`    skipped ${count}: ${reason}`);
    for (const [name, count] of f.unmatchedNames.slice(0, 10)) lines.push(`    unmatched ${count}: ${name}`);
    if (f.unmatchedNames.length > 10) lines.push(`    ... and ${f.unmatchedNames.length - 10} more unmatched names`);
    if (f.notSelected > 0) lines.push(`    ${f.notSelected} more products in this file were left out of this seed (--products-per-file)`);
  }
  for (const file of report.missingFiles) lines.push(`${file.padEnd(46)} missing from the data directory`);
  lines.push(
    '',
    `generated: ${report.generated.products} products, ${report.generated.sales} sales`,
    `simulated sales for ${report.simulated.products} real products without sales: ${report.simulated.sales}`,
    `catalogue: ${report.totals.products} products (${report.totals.productsInFiles} distinct products in the files), ${report.totals.realSales} real sales, ${report.totals.sales} sales in all`,
    `inserted now: ${report.inserted.sneakers} sneakers, ${report.inserted.sales} sales, ${report.inserted.aggregates} daily aggregates, ${report.inserted.salePages} sale pages, ${report.inserted.quarantined} quarantined prices`,
    `time: read ${report.timings.readMs} ms, build ${report.timings.buildMs} ms, write ${report.timings.writeMs} ms, total ${report.timings.totalMs} ms`,
    // Last: `up` prints the import's last line.
    formatGuardCounts(report.guard),
  );
  return lines.join('\n');
}
