import { AppError, withLock, type Clock, type Logger, type Redis } from '@kicksight/platform';
import { SNEAKER_NOT_FOUND } from '@kicksight/contracts';
import { insertNew, traceOfEntry, type Models, type OutboxDoc, type SneakerDoc } from '../store/models.ts';
import type { MarketModels, SizeReading, SnapshotDoc } from '../store/market-models.ts';
import { emptyVariant, latestSalesOf, priceSet, statsOf, type PriceChange, type VariantState } from './market.ts';
import { sizeTypeOf, type Sales } from './sales.ts';
import { summaryDocOf } from './views.ts';
import { admitPrice } from './admit-price.ts';

/** One source's observation of one size of a sneaker. */
export interface MarketReading extends SizeReading {
  sneakerId: string;
}

/** The size's market price a reading gives: what a pair sells for now (the highest bid), else what one costs to buy (the lowest ask). */
export const marketPriceOf = (reading: Pick<SizeReading, 'lowestAsk' | 'highestBid'>): number | null => reading.highestBid ?? reading.lowestAsk;

/**
 * Sets a size's market price from a reading, and announces it: the sequence number grows with every
 * reading, even one that left the price as it was, because its time and its bid and ask are news to
 * whoever values a pair by them (a reading older than MARKET_STALE_AFTER no longer counts).
 */
export function applyReadingToVariants(variants: VariantState[], reading: SizeReading, sizeType: string, price: number): { variants: VariantState[]; change: PriceChange } {
  const { size } = reading;
  const index = variants.findIndex((v) => v.size === size);
  const before = index >= 0 ? variants[index]! : emptyVariant(size, sizeType);
  const variant = { ...before, ...priceSet(before, price, reading.asOf), seq: before.seq + 1 };
  const next = index >= 0 ? variants.map((v, i) => (i === index ? variant : v)) : [...variants, variant].sort((a, b) => a.size - b.size);
  const change = { size, price, previous: before.currentPrice, seq: variant.seq, source: reading.source, asOf: reading.asOf.toISOString(), highestBid: reading.highestBid, lowestAsk: reading.lowestAsk, latestSales: latestSalesOf(before) };
  return { variants: next, change };
}

export const snapshotIdOf = (reading: MarketReading): string => `${reading.sneakerId}:${reading.size}:${reading.source}:${reading.asOf.getTime()}`;

const READING_PRICES = ['lowestAsk', 'highestBid', 'sellFaster', 'earnMore'] as const;

/**
 * The reading with every amount the price guard refuses taken out (each refused one is kept in the
 * quarantine with the call it came from); null when it had amounts and none passed.
 */
async function guardedReading(models: Models, doc: SneakerDoc, reading: MarketReading, at: Date): Promise<MarketReading | null> {
  const guarded = { ...reading };
  let offered = 0;
  let accepted = 0;
  for (const field of READING_PRICES) {
    const amount = reading[field];
    if (amount === null) continue;
    offered++;
    const observation = { productId: doc._id, sku: doc.sku ?? null, size: reading.size, amountCents: amount, currency: 'USD', source: reading.source, observedAt: reading.asOf, ref: `${snapshotIdOf(reading)}:${field}` };
    const verdict = await admitPrice(models, { sneaker: doc, observation, kind: 'market', call: `${reading.source} ${field} of size ${reading.size}`, at });
    if (verdict.accepted) accepted++;
    else guarded[field] = null;
  }
  return offered > 0 && accepted === 0 ? null : guarded;
}

/**
 * Where every market reading enters the catalogue (one function, so every reading passes the same
 * checks): the dated snapshot is kept, the sneaker's latest reading of the size replaced, and the size's
 * market price set, which the relay announces with `price.changed` (with the reading's source, time, bid
 * and ask) as it does for a sale (the same sequence number per size). Runs under the sneaker's lock, as sales do.
 */
export function createMarketReadings({ models, marketModels, sales, redis, lockPrefix, clock, logger, onApplied }: { models: Models; marketModels: MarketModels; sales: Sales; redis: Redis; lockPrefix: string; clock: Clock; logger: Logger; onApplied?: (sneakerId: string) => void }) {
  async function applyLocked(observed: MarketReading): Promise<PriceChange | null> {
    const doc = await models.Sneaker.findById(observed.sneakerId).lean<SneakerDoc>();
    if (!doc) throw AppError.notFound(SNEAKER_NOT_FOUND);
    // Every amount passes the price guard first; a reading none of whose amounts pass changes nothing.
    const reading = await guardedReading(models, doc, observed, clock.now());
    if (!reading) return null;
    await insertNew(marketModels.Snapshot, [{ _id: snapshotIdOf(reading), ...reading } satisfies SnapshotDoc]);
    const held = await marketModels.Readings.findById(reading.sneakerId).lean();
    const { sneakerId: _, ...sizeReading } = reading;
    const sizes = [...(held?.sizes ?? []).filter((s) => s.size !== reading.size), sizeReading].sort((a, b) => a.size - b.size);
    await marketModels.Readings.replaceOne({ _id: reading.sneakerId }, { sizes, updatedAt: clock.now() }, { upsert: true });

    const price = marketPriceOf(reading);
    if (price === null) return null;
    const { variants, change } = applyReadingToVariants(doc.variants ?? [], reading, sizeTypeOf(doc), price);
    const changes = { variants, stats: statsOf(variants, doc.stats?.firstSaleAt ?? null), version: (doc.version ?? 0) + 1, updatedAt: clock.now() };
    await models.Sneaker.updateOne({ _id: reading.sneakerId }, { $set: changes });
    await models.Summary.replaceOne({ _id: reading.sneakerId }, summaryDocOf({ ...doc, ...changes }), { upsert: true });
    const entry: OutboxDoc = { _id: `price:${reading.sneakerId}:${change.size}:${change.seq}`, kind: 'price', sneakerId: reading.sneakerId, change, ...traceOfEntry(), createdAt: clock.now() };
    await insertNew(models.Outbox, [entry]);
    await sales.markChanged(reading.sneakerId, changes.version);
    onApplied?.(reading.sneakerId);
    return change;
  }

  return {
    /** Records a reading; answers the size's price change it announced (none when the guard refused it or it had no price). */
    async record(reading: MarketReading): Promise<PriceChange | null> {
      const change = await withLock(redis, `${lockPrefix}:${reading.sneakerId}`, () => applyLocked(reading), { ttlMs: 30_000, waitMs: 30_000 });
      logger.debug({ sneakerId: reading.sneakerId, size: reading.size, source: reading.source, changed: change !== null }, 'market reading recorded');
      return change;
    },

    /** The sneaker's latest reading of each size. */
    async latest(sneakerId: string): Promise<SizeReading[]> {
      return (await marketModels.Readings.findById(sneakerId).lean())?.sizes ?? [];
    },
  };
}

export type MarketReadings = ReturnType<typeof createMarketReadings>;
