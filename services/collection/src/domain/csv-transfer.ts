import { COLLECTION_CSV_COLUMNS, CollectionErrorCode, utcDay, type CollectionCsvColumn } from '@kicksight/contracts';
import { AppError, type Clock } from '@kicksight/platform';
import type { ValuedItem } from '../store/items.ts';
import type { Caller } from './caller.ts';
import type { Collection } from './collection.ts';
import type { SneakerTracker } from './sneaker-tracker.ts';
import { CsvSyntaxError, formulaSafe, parseCsv, toCsv, type CsvCell } from './csv.ts';
import { readImport, type ImportProblem } from './csv-import.ts';
import { centsToDollars } from './money.ts';
import { itemView } from './views.ts';

/** An import with bad lines: nothing was imported; every bad line is listed. */
export class ImportRefused extends Error {
  override name = 'ImportRefused';
  readonly code = CollectionErrorCode.INVALID_IMPORT;
  readonly errors: ImportProblem[];
  constructor(errors: ImportProblem[]) {
    const shown = errors.slice(0, 3).map((e) => `line ${e.line}: ${e.reason}`).join('; ');
    super(`${errors.length} line${errors.length === 1 ? '' : 's'} could not be imported, so nothing was: ${shown}${errors.length > 3 ? '; ...' : ''}`);
    this.errors = errors;
  }
}

/** One CSV line of an item, in COLLECTION_CSV_COLUMNS order. */
function csvLine(item: ValuedItem, now: Date): CsvCell[] {
  const view = itemView(item, now);
  const cells: Record<CollectionCsvColumn, CsvCell> = {
    sneakerId: view.sneakerId,
    name: formulaSafe(view.name),
    brand: formulaSafe(view.brand),
    colorway: formulaSafe(view.colorway),
    size: view.size,
    condition: view.condition,
    purchasePriceUsd: centsToDollars(view.purchasePrice),
    purchaseDate: view.purchaseDate,
    purchaseShippingUsd: centsToDollars(view.purchaseShipping),
    purchaseTaxUsd: centsToDollars(view.purchaseTax),
    purchasedFrom: formulaSafe(view.purchasedFrom),
    sku: formulaSafe(view.sku),
    notes: formulaSafe(view.notes),
    imageUrl: formulaSafe(view.imageUrl),
    currentValueUsd: centsToDollars(view.currentValue),
    gainLossUsd: centsToDollars(view.gainLoss),
    gainLossPercent: view.gainLossPercent,
    addedAt: view.addedAt,
  };
  return COLLECTION_CSV_COLUMNS.map((column) => cells[column.name]);
}

/** The collection as a CSV file, and a CSV file back into the collection (all lines or none). */
export function createCsvTransfer({ collection, tracker, clock }: { collection: Collection; tracker: SneakerTracker; clock: Clock }) {
  /** Lines whose catalogue sneaker the catalogue does not know. */
  async function unknownSneakers(caller: Caller, rows: { line: number; body: { sneakerId?: string } }[]): Promise<ImportProblem[]> {
    const problems: ImportProblem[] = [];
    for (const sneakerId of new Set(rows.flatMap((row) => (row.body.sneakerId ? [row.body.sneakerId] : [])))) {
      try {
        await tracker.track(sneakerId, caller);
      } catch (err) {
        if (!(err instanceof AppError && err.status === 404)) throw err;
        for (const row of rows) if (row.body.sneakerId === sneakerId) problems.push({ line: row.line, reason: `Sneaker ${sneakerId} is not in the catalogue` });
      }
    }
    return problems.sort((a, b) => a.line - b.line);
  }

  return {
    async exportCsv(caller: Caller): Promise<string> {
      const all = await collection.all(caller);
      const now = clock.now();
      const ordered = [...all].sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || (a.id < b.id ? -1 : 1));
      return toCsv([COLLECTION_CSV_COLUMNS.map((column) => column.name), ...ordered.map((item) => csvLine(item, now))]);
    },

    async importCsv(caller: Caller, text: string) {
      let records;
      try {
        records = parseCsv(text);
      } catch (err) {
        if (err instanceof CsvSyntaxError) throw new ImportRefused([{ line: err.line, reason: 'A quoted field is never closed' }]);
        throw err;
      }
      const reading = readImport(records, utcDay(clock.now()));
      if (!reading.ok) throw new ImportRefused(reading.errors);
      const unknown = await unknownSneakers(caller, reading.rows);
      if (unknown.length > 0) throw new ImportRefused(unknown);
      const added = await collection.add(caller, reading.rows.map((row) => row.body));
      return { imported: added.length, items: added };
    },
  };
}
