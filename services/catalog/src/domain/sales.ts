import { ErrorCode, INVALID_SIZE_MESSAGE, SNEAKER_NOT_FOUND, isValidSize } from '@kicksight/contracts';
import { AppError, withLock, type Clock, type Logger, type Redis } from '@kicksight/platform';
import { insertNew, isDuplicateKey, productChangeEntry, traceOfEntry, type AggregateDoc, type Models, type SalePageDoc, type SneakerDoc } from '../store/models.ts';
import { admitPrice } from './admit-price.ts';
import { isSneakerId, newSaleId, saleIdOf } from './ids.ts';
import { summaryDocOf } from './views.ts';
import {
  APPLIED_SALES_MEMORY,
  SALE_PAGE_ROWS,
  aggregateTargets,
  applySaleToVariants,
  salePageIdOf,
  statsOf,
  type PriceChange,
  type SaleFacts,
} from './market.ts';

export interface RecordedSale {
  saleId: string;
  sneakerId: string;
  size: number;
  price: number;
  /** The sale's position among its sneaker's sales. */
  seq: number;
  /** The size's market-price change it caused, if any. */
  change: PriceChange | null;
}

export const sizeTypeOf = (doc: Pick<SneakerDoc, 'gender'>) => (doc.gender === 'Women' ? 'US W' : doc.gender === 'Kids' ? 'US Y' : 'US');

/**
 * Records sales one at a time (the live market, and the test route that moves it). Without
 * transactions each step is idempotent per sale and the outbox entry written first is the record
 * of the work: if a step is cut short, the relay repeats the whole sequence later.
 *   1. outbox entry `sale:<id>` (stage 'new', with the sale)
 *   2. the sneaker: variants, stats and price sequence numbers (it remembers the latest sale ids
 *      it applied), then its search summary
 *   3. the sale document (outbox marker `published: false`)
 *   4. the daily aggregates of the size and of all sizes (each remembers the sales it counted)
 *   5. the page of recent sales
 *   6. outbox entry stage 'applied' with the price change, and `product:<id>:<version>`
 * Steps 2 to 6 run under the sneaker's lock in Redis: FerretDB reads a document and writes it back
 * whole, with no atomic compare-and-set, so two writers of one sneaker must never overlap. Every
 * read and write goes by `_id` alone, the one filter FerretDB answers without a scan.
 */
export function createSales({
  models,
  redis,
  lockPrefix,
  clock,
  logger,
  onApplied,
}: {
  models: Models;
  redis: Redis;
  lockPrefix: string;
  clock: Clock;
  logger: Logger;
  /** Told after a sale changed a sneaker (this process's caches drop it). */
  onApplied?: (sneakerId: string) => void;
}) {
  async function applyToSneaker(sneakerId: string, sale: SaleFacts): Promise<{ seq: number; change: PriceChange | null; version: number }> {
    const doc = await models.Sneaker.findById(sneakerId).lean<SneakerDoc>();
    if (!doc) throw AppError.notFound(SNEAKER_NOT_FOUND);
    const known = (doc.appliedSales ?? []).find((entry) => entry.startsWith(`${sale.id}:`));
    if (known) {
      // Applied before a cut: the relay announces the size's current price with its current sequence number.
      const variant = doc.variants.find((v) => v.size === sale.size);
      const change = variant && variant.currentPrice !== null ? { size: sale.size, price: variant.currentPrice, previous: null, seq: variant.seq } : null;
      return { seq: Number(known.split(':')[1]), change, version: doc.version };
    }
    const seq = doc.stats?.salesCount ?? 0;
    const { variants, change } = applySaleToVariants(doc.variants ?? [], sale);
    const firstSaleAt = doc.stats?.firstSaleAt && doc.stats.firstSaleAt < sale.soldAt ? doc.stats.firstSaleAt : sale.soldAt;
    const changes = {
      variants,
      stats: statsOf(variants, firstSaleAt),
      appliedSales: [...(doc.appliedSales ?? []), `${sale.id}:${seq}`].slice(-APPLIED_SALES_MEMORY),
      version: (doc.version ?? 0) + 1,
      updatedAt: clock.now(),
    };
    await models.Sneaker.updateOne({ _id: sneakerId }, { $set: changes });
    await models.Summary.replaceOne({ _id: sneakerId }, summaryDocOf({ ...doc, ...changes }), { upsert: true });
    return { seq, change, version: changes.version };
  }

  async function countInto(sneakerId: string, sale: SaleFacts, seq: number): Promise<void> {
    for (const target of aggregateTargets(sneakerId, sale)) {
      const counted = await models.Aggregate.findById(target.id, { applied: 1 }).lean<Pick<AggregateDoc, 'applied'>>();
      if (counted?.applied?.includes(sale.id)) continue;
      await models.Aggregate.collection.updateOne(
        { _id: target.id } as never,
        {
          $inc: { [`days.${target.day}.c`]: 1, [`days.${target.day}.s`]: sale.amount },
          $push: { applied: sale.id },
          $setOnInsert: { sneakerId, size: target.size, year: target.year },
        } as never,
        { upsert: true },
      );
    }
    const pageId = salePageIdOf(sneakerId, Math.floor(seq / SALE_PAGE_ROWS));
    const page = await models.SalePage.findById(pageId, { 'rows.id': 1 }).lean<Pick<SalePageDoc, 'rows'>>();
    if (page?.rows?.some((row) => row.id === sale.id)) return;
    await models.SalePage.collection.updateOne(
      { _id: pageId } as never,
      { $push: { rows: { id: sale.id, seq, size: sale.size, sizeType: sale.sizeType, amount: sale.amount, at: sale.soldAt } }, $setOnInsert: { sneakerId, index: Math.floor(seq / SALE_PAGE_ROWS) } } as never,
      { upsert: true },
    );
  }

  /** Steps 2 to 6 for a sale whose outbox entry exists; safe to repeat. */
  function apply(sneakerId: string, sale: SaleFacts & { source: string }): Promise<{ seq: number; change: PriceChange | null }> {
    return withLock(redis, `${lockPrefix}:${sneakerId}`, () => applyLocked(sneakerId, sale), { ttlMs: 30_000, waitMs: 30_000 });
  }

  async function applyLocked(sneakerId: string, sale: SaleFacts & { source: string }): Promise<{ seq: number; change: PriceChange | null }> {
    const { seq, change, version } = await applyToSneaker(sneakerId, sale);
    await models.Sale.collection
      .insertOne({ _id: sale.id, sneakerId, size: sale.size, sizeType: sale.sizeType, amount: sale.amount, soldAt: sale.soldAt, originalSoldAt: null, source: sale.source, seq, published: false } as never)
      .catch((err) => {
        if (!isDuplicateKey(err)) throw err;
      });
    await countInto(sneakerId, sale, seq);
    await models.Outbox.updateOne({ _id: `sale:${sale.id}` }, { $set: { stage: 'applied', change } });
    await markChanged(sneakerId, version);
    onApplied?.(sneakerId);
    return { seq, change };
  }

  /** Leaves a note for the relay that the sneaker reached `version` (one entry per version, never rewritten). */
  async function markChanged(sneakerId: string, version: number): Promise<void> {
    await insertNew(models.Outbox, [productChangeEntry(sneakerId, version, clock.now())]);
  }

  /** Steps 1 to 6 for a new sale (an outbox entry written before is kept: the relay completes what it started). */
  async function store(sneakerId: string, sale: SaleFacts & { source: string }): Promise<RecordedSale> {
    await models.Outbox.create({ _id: `sale:${sale.id}`, kind: 'sale', sneakerId, stage: 'new', sale, change: null, ...traceOfEntry(), createdAt: clock.now() }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
    const { seq, change } = await apply(sneakerId, sale);
    logger.debug({ saleId: sale.id, sneakerId, seq }, 'sale recorded');
    return { saleId: sale.id, sneakerId, size: sale.size, price: sale.amount, seq, change };
  }

  return {
    apply,
    markChanged,

    /**
     * Records one sale of a size at a price (cents), now unless told otherwise, once the price guard
     * accepted it; a refused price is quarantined with `call` (what recorded it) and answered 400.
     */
    async record(input: { sneakerId: string; size: number; amount: number; soldAt?: Date; source: string; call: string }): Promise<RecordedSale> {
      if (!isSneakerId(input.sneakerId)) throw AppError.notFound(SNEAKER_NOT_FOUND);
      if (!isValidSize(input.size)) throw AppError.badRequest(INVALID_SIZE_MESSAGE);
      const sneaker = await models.Sneaker.findById(input.sneakerId, { name: 1, gender: 1, retailPrice: 1, variants: 1 }).lean<Pick<SneakerDoc, '_id' | 'name' | 'gender' | 'retailPrice' | 'variants'>>();
      if (!sneaker) throw AppError.notFound(SNEAKER_NOT_FOUND);
      const soldAt = input.soldAt ?? clock.now();
      const observation = { productId: input.sneakerId, size: input.size, amountCents: input.amount, currency: 'USD', source: input.source, observedAt: soldAt };
      const verdict = await admitPrice(models, { sneaker, observation, kind: 'sale', call: input.call, at: clock.now() });
      if (!verdict.accepted) throw AppError.badRequest(`The price was refused (${verdict.reason}: ${verdict.detail}) and kept in the quarantine`, ErrorCode.PRICE_QUARANTINED);
      return store(input.sneakerId, { id: newSaleId(), size: input.size, sizeType: sizeTypeOf(sneaker), amount: input.amount, soldAt, source: input.source });
    },

    /** Records a sale an administrator released from the quarantine (the guard refused it once); its id comes from the entry, so a second release records nothing more. */
    async recordReleased(input: { entryId: string; sneakerId: string; size: number; amount: number; soldAt: Date; source: string }): Promise<RecordedSale> {
      const sneaker = await models.Sneaker.findById(input.sneakerId, { gender: 1 }).lean<Pick<SneakerDoc, 'gender'>>();
      if (!sneaker) throw AppError.notFound(SNEAKER_NOT_FOUND);
      return store(input.sneakerId, { id: saleIdOf(`quarantine:${input.entryId}`), size: input.size, sizeType: sizeTypeOf(sneaker), amount: input.amount, soldAt: input.soldAt, source: input.source });
    },
  };
}

export type Sales = ReturnType<typeof createSales>;
