import { randomUUID } from 'node:crypto';
import {
  DEFAULT_COLORWAY,
  MISSING_FIELDS_MESSAGE,
  SALES_EXPORT_COLUMNS,
  SALES_IMPORT_COLUMNS,
  SALES_IMPORT_MAX_ROWS,
  SALE_BEFORE_PURCHASE_MESSAGE,
  brandKeyOf,
  createItemBodySchema,
  saleBodySchema,
  utcDay,
  type SaleBody,
  feeOptionsOf,
} from '@kicksight/contracts';
import { AppError, withTransaction, type Clock, type Logger, type Pool, type Redis } from '@kicksight/platform';
import { collectors } from '../store/collectors.ts';
import type { NewItem } from '../store/items.ts';
import type { Caller } from './caller.ts';
import { CsvSyntaxError, formulaSafe, parseCsv, toCsv, type CsvCell, type CsvRecord } from './csv.ts';
import { ImportRefused } from './csv-transfer.ts';
import type { ImportProblem } from './csv-import.ts';
import type { Entitlements } from './entitlements.ts';
import { checkSale, feesOf, newSale, type Ledger } from './ledger.ts';
import type { LedgerSettingsStore } from './ledger-settings.ts';
import { centsToDollars, dollarsToCents } from './money.ts';
import { ledgerLine, saleView, termOf } from './sale-figures.ts';
import { sales, type ExportRow } from '../store/sales.ts';

type ImportColumn = (typeof SALES_IMPORT_COLUMNS)[number]['name'];
const REQUIRED: ImportColumn[] = ['name', 'brand', 'size', 'soldAt', 'platform', 'salePriceUsd'];
const MONEY: ImportColumn[] = ['purchasePriceUsd', 'purchaseShippingUsd', 'purchaseTaxUsd', 'salePriceUsd', 'feesUsd', 'shippingCostUsd', 'otherFeesUsd'];

/** "Nike Dunk Low Panda — size 10 — SKU DD1391-100": the pair as a tax form describes it. */
const descriptionOf = (sale: ExportRow): string => [sale.name, `size ${sale.size}`, ...(sale.sku ? [`SKU ${sale.sku}`] : [])].join(' — ');

/** One line of the tax export, in SALES_EXPORT_COLUMNS order; its amounts are the summary's lines. */
function exportLine(sale: ExportRow): CsvCell[] {
  const line = ledgerLine({ sales: 1, ...sale });
  const cells: Record<(typeof SALES_EXPORT_COLUMNS)[number]['name'], CsvCell> = {
    description: formulaSafe(descriptionOf(sale)),
    dateAcquired: sale.purchaseDate,
    dateSold: sale.soldAt,
    proceedsUsd: centsToDollars(line.revenue),
    costBasisUsd: centsToDollars(line.cost),
    feesUsd: centsToDollars(line.fees),
    gainUsd: centsToDollars(line.realisedGain),
    term: termOf(sale.purchaseDate, sale.soldAt),
    platform: sale.platform,
  };
  return SALES_EXPORT_COLUMNS.map((column) => cells[column.name]);
}

type Cells = Partial<Record<ImportColumn, string>>;
interface ReadRow {
  line: number;
  item: NewItem;
  sale: SaleBody;
}

/** A line's cells by column name (the header's names in any order and case; others ignored). */
function cellsOf(header: CsvRecord, record: CsvRecord): Cells {
  const cells: Cells = {};
  header.fields.forEach((name, i) => {
    const column = SALES_IMPORT_COLUMNS.find((known) => known.name.toLowerCase() === name.trim().toLowerCase());
    const value = record.fields[i]?.trim();
    if (column && value) cells[column.name] = value;
  });
  return cells;
}

/** A line read into the sold pair and its sale, or the reason it cannot be. */
function readLine(cells: Cells): { item: Omit<NewItem, 'id'>; sale: SaleBody } | string {
  const absent = REQUIRED.filter((name) => cells[name] === undefined);
  if (absent.length > 0) return `${MISSING_FIELDS_MESSAGE}: ${absent.join(', ')}`;
  const cents: Partial<Record<ImportColumn, number>> = {};
  for (const name of MONEY) {
    if (cells[name] === undefined) continue;
    const amount = dollarsToCents(cells[name]);
    if (amount === undefined) return `Invalid ${name}: enter an amount in dollars`;
    cents[name] = amount;
  }
  const sale = saleBodySchema.safeParse({
    soldAt: cells.soldAt,
    platform: cells.platform?.toLowerCase(),
    salePrice: cents.salePriceUsd,
    fees: cents.feesUsd,
    shippingCost: cents.shippingCostUsd,
    otherFees: cents.otherFeesUsd,
  });
  if (!sale.success) return sale.error.issues[0]?.message ?? 'Invalid sale';
  const costKnown = cents.purchasePriceUsd !== undefined;
  // A cost without its date would give the sale no holding period (and no tax term).
  if (costKnown && cells.purchaseDate === undefined) return `${MISSING_FIELDS_MESSAGE}: purchaseDate (a purchase price needs the date it was paid)`;
  const item = createItemBodySchema.safeParse({
    name: cells.name,
    brand: cells.brand,
    colorway: cells.colorway,
    size: cells.size,
    sku: cells.sku,
    condition: cells.condition?.toLowerCase(),
    purchasePrice: cents.purchasePriceUsd ?? 0,
    // Without a purchase, the pair is dated by its sale until the member completes it.
    purchaseDate: cells.purchaseDate ?? sale.data.soldAt,
    purchasedFrom: cells.purchasedFrom,
    purchaseShipping: cents.purchaseShippingUsd,
    purchaseTax: cents.purchaseTaxUsd,
  });
  if (!item.success) return item.error.issues[0]?.message ?? 'Invalid pair';
  const body = item.data;
  if (costKnown && sale.data.soldAt < body.purchaseDate!) return SALE_BEFORE_PURCHASE_MESSAGE;
  return {
    item: {
      sneakerId: null,
      name: body.name!,
      brand: body.brand!,
      brandKey: brandKeyOf(body.brand!),
      colorway: body.colorway ?? DEFAULT_COLORWAY,
      size: body.size,
      imageUrl: null,
      retailPrice: null,
      purchasePrice: body.purchasePrice,
      purchaseDate: body.purchaseDate!,
      condition: body.condition,
      notes: '',
      sku: body.sku ?? null,
      purchasedFrom: body.purchasedFrom || null,
      purchaseShipping: body.purchaseShipping,
      purchaseTax: body.purchaseTax,
      costKnown,
    },
    sale: sale.data,
  };
}

const EXPORT_KEY = 'collection:sales-export';
/** A year's export is kept this long, under the version of the member's sales it was made from. */
const EXPORT_KEPT_S = 3_600;

export interface SalesCsvDeps {
  pool: Pool;
  redis: Redis;
  logger: Logger;
  clock: Clock;
  entitlements: Entitlements;
  settings: LedgerSettingsStore;
  ledger: Ledger;
}

/** The tax year's export, and past sales imported from CSV (all lines or none). */
export function createSalesCsv({ pool, redis, logger, clock, entitlements, settings, ledger }: SalesCsvDeps) {
  return {
    async exportCsv(caller: Caller, year: number): Promise<string> {
      await entitlements.assertExpertLedger(caller);
      // Writing thousands of CSV lines is the costly part: the text is kept until the member's sales change.
      const key = `${EXPORT_KEY}:${caller.id}:${year}:${await collectors.ledgerVersion(pool, caller.id)}`;
      const kept = await redis.get(key).catch(() => null);
      if (kept !== null) return kept;
      const rows = await sales.exportRows(pool, caller.id, year);
      const text = toCsv([SALES_EXPORT_COLUMNS.map((column) => column.name), ...rows.map(exportLine)]);
      await redis.set(key, text, 'EX', EXPORT_KEPT_S).catch((err: unknown) => logger.warn({ err }, 'could not keep the sales export'));
      return text;
    },

    async importCsv(caller: Caller, text: string) {
      await entitlements.assertLedger(caller);
      let records: CsvRecord[];
      try {
        records = parseCsv(text);
      } catch (err) {
        if (err instanceof CsvSyntaxError) throw new ImportRefused([{ line: err.line, reason: 'A quoted field is never closed' }]);
        throw err;
      }
      const [header, ...lines] = records;
      if (!header) throw new ImportRefused([{ line: 1, reason: 'The file is empty: its first line must name the columns' }]);
      const named = header.fields.map((name) => name.trim().toLowerCase());
      const absent = REQUIRED.filter((name) => !named.includes(name.toLowerCase()));
      if (absent.length > 0) throw new ImportRefused([{ line: header.line, reason: `${MISSING_FIELDS_MESSAGE}: the header has no ${absent.join(', ')} column` }]);
      if (lines.length === 0) throw new ImportRefused([{ line: header.line, reason: 'The file has no sales below its header' }]);
      if (lines.length > SALES_IMPORT_MAX_ROWS) throw new ImportRefused([{ line: header.line, reason: `At most ${SALES_IMPORT_MAX_ROWS} sales can be imported at once` }]);

      const today = utcDay(clock.now());
      const options = feeOptionsOf(await settings.get(caller));
      const rows: ReadRow[] = [];
      const errors: ImportProblem[] = [];
      for (const record of lines) {
        const read = readLine(cellsOf(header, record));
        if (typeof read === 'string') {
          errors.push({ line: record.line, reason: read });
          continue;
        }
        const item = { ...read.item, id: randomUUID() };
        try {
          checkSale(read.sale, feesOf(read.sale, options), today);
          rows.push({ line: record.line, item, sale: read.sale });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push({ line: record.line, reason: err.message });
        }
      }
      if (errors.length > 0) throw new ImportRefused(errors);

      const written = await withTransaction(pool, async (client) => {
        const at = clock.now();
        return ledger.writeSales(client, caller, rows.map((row) => ({ newItem: row.item, sale: newSale(row.item.id, row.sale, feesOf(row.sale, options), 'csv') })), at);
      });
      const views = written.map(saleView).sort((a, b) => a.soldAt.localeCompare(b.soldAt));
      return { imported: views.length, sales: views };
    },
  };
}
