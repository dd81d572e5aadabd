import type { SneakerMarket, ValueBasis } from '@kicksight/contracts';
import { GENERATED_SOURCE, replaySource } from '@kicksight/contracts/provenance';
import type { SizeReading } from '../store/market-models.ts';
import type { SneakerDoc } from '../store/models.ts';
import type { VariantState } from './market.ts';

/** A size's price source; sneakers stored before sources were kept read as replayed or generated, never as live. */
export const variantSource = (doc: Pick<SneakerDoc, 'source'>, v: Pick<VariantState, 'source'>): string =>
  v.source ?? (doc.source === GENERATED_SOURCE ? GENERATED_SOURCE : replaySource(doc.source));

const iso = (at: Date | string | null | undefined): string | null => (at ? new Date(at).toISOString() : null);
const newest = <T extends { asOf: string | null }>(rows: T[]): T | undefined => rows.filter((r) => r.asOf !== null).sort((a, b) => b.asOf!.localeCompare(a.asOf!))[0];

/** A pair's value: a fresh reading's highest bid (what it sells for now), else its lowest ask; without a fresh reading, the last sale. */
export function valueOf(reading: SizeReading | undefined, fresh: boolean, lastSale: number | null): { value: number | null; valueBasis: ValueBasis | null } {
  if (reading && fresh && reading.highestBid !== null) return { value: reading.highestBid, valueBasis: 'highest_bid' };
  if (reading && fresh && reading.lowestAsk !== null) return { value: reading.lowestAsk, valueBasis: 'lowest_ask' };
  return lastSale === null ? { value: null, valueBasis: null } : { value: lastSale, valueBasis: 'last_sale' };
}

/**
 * A sneaker's market per size: the latest reading of each size (its lowest ask and highest bid, its
 * source and time) beside the size's last sale; a size without a reading says where its last sale came
 * from (the size's own source: a data file, generated, a test sale) and when. Each size's value prefers a fresh reading (younger than `staleAfterMs` at
 * `now`); an older one is marked stale. The sneaker's own takes the lowest ask and highest bid across
 * sizes, the latest sale, and the freshest observation's source and time.
 */
export function sneakerMarketOf(doc: Pick<SneakerDoc, '_id' | 'source' | 'variants'>, readings: SizeReading[], { now, staleAfterMs }: { now: Date; staleAfterMs: number }): SneakerMarket {
  const isFresh = (at: Date | string) => now.getTime() - new Date(at).getTime() <= staleAfterMs;
  const bySize = new Map(readings.map((r) => [r.size, r]));
  const variants = new Map((doc.variants ?? []).map((v) => [v.size, v]));
  const sizes = [...new Set([...variants.keys(), ...bySize.keys()])].sort((a, b) => a - b).map((size) => {
    const reading = bySize.get(size);
    const variant = variants.get(size);
    const lastSale = variant?.lastSalePrice ?? null;
    const fresh = reading !== undefined && isFresh(reading.asOf);
    return {
      size,
      lowestAsk: reading?.lowestAsk ?? null,
      highestBid: reading?.highestBid ?? null,
      lastSale,
      source: reading ? reading.source : variantSource(doc, variant ?? {}),
      asOf: reading ? iso(reading.asOf) : iso(variant?.lastSaleAt),
      ...valueOf(reading, fresh, lastSale),
      stale: reading !== undefined && !fresh,
    };
  });
  const asks = sizes.map((s) => s.lowestAsk).filter((p): p is number => p !== null);
  const bids = sizes.map((s) => s.highestBid).filter((p): p is number => p !== null);
  const lastSold = [...variants.values()].filter((v) => v.lastSaleAt && v.lastSalePrice !== null).sort((a, b) => new Date(b.lastSaleAt!).getTime() - new Date(a.lastSaleAt!).getTime())[0];
  const freshest = newest(sizes);
  return {
    sneakerId: doc._id,
    lowestAsk: asks.length ? Math.min(...asks) : null,
    highestBid: bids.length ? Math.max(...bids) : null,
    lastSale: lastSold?.lastSalePrice ?? null,
    source: freshest?.source ?? null,
    asOf: freshest?.asOf ?? null,
    stale: freshest?.asOf ? !isFresh(freshest.asOf) : false,
    sizes,
  };
}
