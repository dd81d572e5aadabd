import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { DEFAULT_DATA_DIR } from '../../src/config.ts';
import { nameKey } from '../../src/domain/normalise.ts';
import { formatReport, type ImportReport } from '../../src/import/importer.ts';
import type { AggregateDoc, Models, SaleDoc, SneakerDoc } from '../../src/store/models.ts';
import type { QuarantineDoc } from '../../src/store/quarantine.ts';
import { createCatalogDatabase, seed } from './catalog-app.ts';

/** The shipped data, read in place (DATA_DIR when set). */
const DATA_DIR = process.env.DATA_DIR ?? DEFAULT_DATA_DIR;
const SALES_FILES = ['stockx-2019-sales.csv', 'stockx-yeezy-2017-recent-sales-by-size.csv', 'ebay-2025-sold-listings-aj1-yeezy350.csv'];
let db: Awaited<ReturnType<typeof createCatalogDatabase>>;
let models: Models;
let first: ImportReport;

const counts = async () => ({
  sneakers: await models.Sneaker.estimatedDocumentCount(),
  sales: await models.Sale.estimatedDocumentCount(),
  aggregates: await models.Aggregate.estimatedDocumentCount(),
  pages: await models.SalePage.estimatedDocumentCount(),
});

beforeAll(async () => {
  db = await createCatalogDatabase('import');
  models = db.models;
  first = await seed(models, { dataDir: DATA_DIR, generate: 50, productsPerFile: 10 });
}, 180_000);
afterAll(() => db?.drop());

describe('import from the real data directory', () => {
  it('reports products and sales per file, with every sales row imported, unmatched or skipped for a stated reason', () => {
    const byFile = new Map(first.files.map((f) => [f.file, f]));
    expect(first.missingFiles).toEqual([]);
    expect(first.files).toHaveLength(12);
    expect(byFile.get('stockx-2019-sales.csv')).toMatchObject({ rows: 99_956, sales: 99_956, unmatched: 0, skipped: 0 });
    expect(byFile.get('stockx-yeezy-2017-recent-sales-by-size.csv')).toMatchObject({ rows: 9_339, sales: 9_339, unmatched: 0 });
    for (const file of SALES_FILES) {
      const f = byFile.get(file)!;
      expect(f.sales + f.unmatched + f.skipped, file).toBe(f.rows);
      expect(f.unmatchedNames.reduce((n, [, count]) => n + count, 0), file).toBe(f.unmatched);
      expect(Object.values(f.skippedReasons).reduce((n, c) => n + c, 0), file).toBe(f.skipped);
    }
    const ebay = byFile.get('ebay-2025-sold-listings-aj1-yeezy350.csv')!;
    expect(ebay.sales).toBeGreaterThan(0);
    expect(ebay.unmatched).toBeGreaterThan(0);
    expect(ebay.skippedReasons['pre-owned pair (prices are for new pairs)']).toBe(226);
    expect(ebay.skippedReasons['invalid size 3.0']).toBe(1);
    for (const file of ['thesneakerdatabase-catalog.json', 'stockx-2020-10-catalog.json', 'stockx-2019-01-products.csv', 'stockx-2020-10-adidas-market-jpy.csv']) {
      expect(byFile.get(file)!.products, file).toBeGreaterThan(0);
    }
    // The sales the price guard refused are in the quarantine, not in the catalogue.
    expect(first.totals.realSales).toBe(SALES_FILES.reduce((n, file) => n + byFile.get(file)!.sales - byFile.get(file)!.quarantined, 0));
    expect(first.generated.products).toBe(50);
  });

  it('stores what it reports, labelled by file or as generated', async () => {
    expect(await counts()).toMatchObject({ sneakers: first.totals.products, sales: first.totals.sales });
    expect(first.inserted).toMatchObject({ sneakers: first.totals.products, sales: first.totals.sales });
    const sources = (await models.Sale.distinct('source')).sort();
    expect(sources).toEqual([...SALES_FILES.filter((f) => first.files.find((x) => x.file === f)!.sales > 0), 'generated'].sort());
    const refused = first.files.find((f) => f.file === 'stockx-2019-sales.csv')!.quarantined;
    expect(await models.Sale.countDocuments({ source: 'stockx-2019-sales.csv' })).toBe(99_956 - refused);
    const generated = await models.Sneaker.find({ source: 'generated' }, { name: 1, brand: 1 }).lean();
    expect(generated).toHaveLength(50);
    expect(new Set(generated.map((g) => g.brand))).toEqual(new Set(['Nike', 'Adidas', 'Jordan', 'New Balance', 'Puma', 'Converse', 'Vans']));
    // One spelling per maker, whatever the file wrote: the brand filter finds every pair of its maker.
    const brands: string[] = await models.Sneaker.distinct('brand');
    expect(brands.filter((brand) => ['', 'adidas', 'nike', 'Yeezy', 'Off-White'].includes(brand))).toEqual([]);
    expect((await models.Sneaker.findOne({ nameKey: nameKey('adidas Yeezy Boost 350 V2 Zebra') }, { brand: 1 }).lean<SneakerDoc>())?.brand).toBe('Adidas');
  }, 180_000); // counting and listing distinct values read every sale document on FerretDB

  it('moves a product’s real sales by one offset to end on the as-of day, keeping their order and prices', async () => {
    const zebra = await models.Sneaker.findOne({ nameKey: nameKey('adidas Yeezy Boost 350 V2 Zebra') }).lean<SneakerDoc>();
    expect(zebra).toBeTruthy();
    expect(zebra!.dataAsOf).toBe(first.dataAsOf);
    const sales = await models.Sale.find({ sneakerId: zebra!._id }).lean<SaleDoc[]>();
    const shifts = new Set(sales.map((s) => Math.round((s.soldAt.getTime() - s.originalSoldAt!.getTime()) / 86_400_000)));
    expect([...shifts]).toEqual([zebra!.dataShiftDays]);
    const latest = sales.reduce((max, s) => (s.soldAt > max ? s.soldAt : max), new Date(0));
    expect(latest.toISOString().slice(0, 10)).toBe(first.dataAsOf);
    const byOriginal = [...sales].sort((a, b) => a.originalSoldAt!.getTime() - b.originalSoldAt!.getTime() || a.seq - b.seq).map((s) => s._id);
    const byShifted = [...sales].sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime() || a.seq - b.seq).map((s) => s._id);
    expect(byShifted).toEqual(byOriginal);

    // Prices as in the file, in cents.
    const rows: Record<string, string>[] = parse(readFileSync(path.join(DATA_DIR, 'stockx-2019-sales.csv'), 'utf8'), { columns: true });
    const fromFile = rows.filter((r) => r['Sneaker Name'] === 'Adidas-Yeezy-Boost-350-V2-Zebra').map((r) => Math.round(Number(r['Sale Price']) * 100));
    const stored = sales.filter((s) => s.source === 'stockx-2019-sales.csv').map((s) => s.amount);
    expect(stored.sort((a, b) => a - b)).toEqual(fromFile.sort((a, b) => a - b));
  });

  it('keeps the daily aggregates and the sneaker stats in step with the sales', async () => {
    const zebra = await models.Sneaker.findOne({ nameKey: nameKey('adidas Yeezy Boost 350 V2 Zebra') }).lean<SneakerDoc>();
    const sales = await models.Sale.find({ sneakerId: zebra!._id }, { amount: 1, size: 1 }).lean<SaleDoc[]>();
    const all = await models.Aggregate.find({ sneakerId: zebra!._id, size: null }).lean<AggregateDoc[]>();
    const days = all.flatMap((doc) => Object.values(doc.days));
    expect(days.reduce((n, d) => n + d.c, 0)).toBe(sales.length);
    expect(days.reduce((n, d) => n + d.s, 0)).toBe(sales.reduce((n, s) => n + s.amount, 0));
    expect(zebra!.stats.salesCount).toBe(sales.length);
    expect(zebra!.variants.reduce((n, v) => n + v.salesCount, 0)).toBe(sales.length);
    const ten = await models.Aggregate.find({ sneakerId: zebra!._id, size: 10 }).lean<AggregateDoc[]>();
    expect(ten.flatMap((doc) => Object.values(doc.days)).reduce((n, d) => n + d.c, 0)).toBe(sales.filter((s) => s.size === 10).length);
  });

  it("passes every price through the guard: the Black Phantom's market within 3x of its $713 last sale, its 99999 estimate quarantined, no price above $30,000", async () => {
    const phantom = await models.Sneaker.findOne({ sku: 'DM7866-001' }).lean<SneakerDoc>();
    expect(phantom!.name).toBe('Jordan 1 Retro Low OG SP Travis Scott Black Phantom');
    expect(phantom!.stats.averagePrice).toBeGreaterThan(71_300 / 3);
    expect(phantom!.stats.averagePrice).toBeLessThan(71_300 * 3);
    // The real trade beat the catalogue's estimate, and its prices say so.
    expect(new Set(phantom!.variants.map((v) => v.source))).toEqual(new Set(['snapshot:stockx-2023-03-market-summary.csv']));

    const held = await models.Quarantine.find({ sku: 'DM7866-001' }).lean<QuarantineDoc[]>();
    expect(held).toEqual([
      expect.objectContaining({ kind: 'market', reason: 'placeholder', amount: 9_999_900, currency: 'USD', file: 'thesneakerdatabase-catalog.json', row: 4, sneakerId: phantom!._id, status: 'quarantined' }),
    ]);
    expect(held[0]!.detail).toMatch(/99999 is a sentinel/);

    const [highest] = await models.Sneaker.find({}, { stats: 1 }).sort({ 'stats.highestPrice': -1 }).limit(1).lean<SneakerDoc[]>();
    expect(highest!.stats.highestPrice).toBeLessThanOrEqual(3_000_000);
    expect(await models.Sale.countDocuments({ amount: { $gt: 3_000_000 } })).toBe(0);

    // Counted by reason in the report, whose last line (the one `up` prints) gives the counts.
    const stored = await models.Quarantine.find({}, { reason: 1 }).lean<QuarantineDoc[]>();
    const byReason = Object.fromEntries(Object.entries(first.guard.quarantined).filter(([, n]) => n > 0));
    expect(stored.reduce<Record<string, number>>((m, d) => ({ ...m, [d.reason]: (m[d.reason] ?? 0) + 1 }), {})).toEqual(byReason);
    expect(byReason.placeholder).toBe(1);
    expect(first.guard.accepted).toBeGreaterThan(100_000);
    expect(first.guard.converted).toBeGreaterThan(0);
    expect(formatReport(first).split('\n').at(-1)).toBe(
      `price guard: ${first.guard.accepted} accepted (${first.guard.converted} converted to US dollars at a dated rate), ${stored.length} quarantined (${Object.entries(byReason).map(([r, n]) => `${r} ${n}`).join(', ')})`,
    );
  }, 180_000);

  it('inserts nothing on a second run and reports the same counts', async () => {
    const before = await counts();
    const versions = await models.Sneaker.find({}, { version: 1 }).lean();
    const again = await seed(models, { dataDir: DATA_DIR, generate: 50, productsPerFile: 10 });
    expect(again.inserted).toEqual({ sneakers: 0, sales: 0, aggregates: 0, salePages: 0, quarantined: 0 });
    expect(again.files).toEqual(first.files);
    expect(again.dataAsOf).toBe(first.dataAsOf);
    expect(await counts()).toEqual(before);
    expect(await models.Sneaker.find({}, { version: 1 }).lean()).toEqual(versions);
  }, 180_000);
});

describe('import without a data directory', () => {
  it('seeds from the generator alone, every record labelled generated', async () => {
    const own = await createCatalogDatabase('import_generated');
    try {
      const report = await seed(own.models, { dataDir: null, generate: 30 });
      expect(report.files).toEqual([]);
      expect(report.totals).toMatchObject({ products: 30, realSales: 0 });
      expect(await own.models.Sneaker.countDocuments({ source: 'generated' })).toBe(30);
      expect(await own.models.Sale.countDocuments({ source: 'generated' })).toBe(report.totals.sales);
      expect(report.generated.sales).toBe(report.totals.sales);
      // A run that did not record its completion inserts again, and finds everything there.
      await own.models.Meta.updateOne({ _id: 'import' }, { $set: { completed: [] } });
      const again = await seed(own.models, { dataDir: null, generate: 30 });
      expect(again.inserted).toEqual({ sneakers: 0, sales: 0, aggregates: 0, salePages: 0, quarantined: 0 });
      expect(await own.models.Sale.countDocuments({})).toBe(report.totals.sales);
    } finally {
      await own.drop();
    }
  });
});
