import { COLLECTION_CSV_COLUMNS, IMPORT_MAX_ROWS, INVALID_ADD_PRICE_MESSAGE, MISSING_FIELDS_MESSAGE, createItemBodySchema, type CreateItemBody } from '@kicksight/contracts';
import type { CsvRecord } from './csv.ts';
import { dollarsToCents } from './money.ts';

export interface ImportProblem {
  line: number;
  reason: string;
}

export type ImportReading = { ok: true; rows: { line: number; body: CreateItemBody }[] } | { ok: false; errors: ImportProblem[] };

const REQUIRED = ['name', 'brand', 'size', 'purchasePriceUsd'] as const;
const IMPORTED = COLLECTION_CSV_COLUMNS.filter((column) => column.import).map((column) => column.name);
/** The cost basis beyond the price, in dollars. */
const COST_COLUMNS = ['purchaseShippingUsd', 'purchaseTaxUsd'] as const;

/**
 * Reads an import: the first line names the columns (COLLECTION_CSV_COLUMNS, in any order and
 * case; others are ignored), every other line is an item validated as `POST /collections` would.
 * Every bad line is reported with its number and reason; one bad line fails the whole file.
 */
export function readImport(records: CsvRecord[], today: string): ImportReading {
  const [header, ...lines] = records;
  if (!header) return { ok: false, errors: [{ line: 1, reason: 'The file is empty: its first line must name the columns' }] };
  const columns = header.fields.map((name) => IMPORTED.find((known) => known.toLowerCase() === name.trim().toLowerCase()));
  const absent = REQUIRED.filter((name) => !columns.includes(name));
  if (absent.length > 0) return { ok: false, errors: [{ line: header.line, reason: `${MISSING_FIELDS_MESSAGE}: the header has no ${absent.join(', ')} column` }] };
  if (lines.length === 0) return { ok: false, errors: [{ line: header.line, reason: 'The file has no items below its header' }] };
  if (lines.length > IMPORT_MAX_ROWS) return { ok: false, errors: [{ line: header.line, reason: `At most ${IMPORT_MAX_ROWS} items can be imported at once` }] };

  const rows: { line: number; body: CreateItemBody }[] = [];
  const errors: ImportProblem[] = [];
  for (const { line, fields } of lines) {
    const reason = fields.length > header.fields.length && fields.slice(header.fields.length).some((f) => f.trim() !== '')
      ? `The line has ${fields.length} fields but the header names ${header.fields.length}`
      : undefined;
    if (reason) {
      errors.push({ line, reason });
      continue;
    }
    const cell: Partial<Record<(typeof IMPORTED)[number], string>> = {};
    columns.forEach((name, i) => {
      const value = fields[i]?.trim();
      if (name && value) cell[name] = value;
    });
    const absentCells = REQUIRED.filter((name) => cell[name] === undefined);
    if (absentCells.length > 0) {
      errors.push({ line, reason: `${MISSING_FIELDS_MESSAGE}: ${absentCells.join(', ')}` });
      continue;
    }
    const purchasePrice = cell.purchasePriceUsd === undefined ? undefined : dollarsToCents(cell.purchasePriceUsd);
    if (cell.purchasePriceUsd !== undefined && purchasePrice === undefined) {
      errors.push({ line, reason: INVALID_ADD_PRICE_MESSAGE.replace('a whole number of cents', 'an amount in dollars') });
      continue;
    }
    const costs = Object.fromEntries(COST_COLUMNS.map((name) => [name, cell[name] === undefined ? undefined : dollarsToCents(cell[name])]));
    const badCost = COST_COLUMNS.find((name) => cell[name] !== undefined && costs[name] === undefined);
    if (badCost) {
      errors.push({ line, reason: `Invalid ${badCost}: enter an amount in dollars` });
      continue;
    }
    const parsed = createItemBodySchema.safeParse({
      sneakerId: cell.sneakerId,
      name: cell.name,
      brand: cell.brand,
      colorway: cell.colorway,
      size: cell.size,
      condition: cell.condition?.toLowerCase(),
      purchasePrice,
      purchaseDate: cell.purchaseDate ?? today,
      purchaseShipping: costs.purchaseShippingUsd,
      purchaseTax: costs.purchaseTaxUsd,
      purchasedFrom: cell.purchasedFrom,
      sku: cell.sku,
      notes: cell.notes,
      imageUrl: cell.imageUrl,
    });
    if (!parsed.success) {
      errors.push({ line, reason: parsed.error.issues[0]?.message ?? 'Invalid line' });
      continue;
    }
    rows.push({ line, body: parsed.data });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
