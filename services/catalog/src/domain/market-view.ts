import type { SneakerMarket } from '@kicksight/contracts';
import type { SizeReading } from '../store/market-models.ts';
import type { SneakerDoc } from '../store/models.ts';

/** The source name of a replayed sale of a sneaker from a data file. */
export const replaySourceOf = (doc: Pick<SneakerDoc, 'source'>): string => `replay:${doc.source}`;

const iso = (at: Date | string | null | undefined): string | null => (at ? new Date(at).toISOString() : null);
const newest = <T extends { asOf: string | null }>(rows: T[]): T | undefined => rows.filter((r) => r.asOf !== null).sort((a, b) => b.asOf!.localeCompare(a.asOf!))[0];

/**
 * A sneaker's market per size: the latest reading of each size (its lowest ask and highest bid, its
 * source and time) beside the size's last replayed sale; a size without a reading says where its last
 * sale came from and when. The sneaker's own takes the lowest ask and highest bid across sizes, the
 * latest sale, and the freshest observation's source and time.
 */
export function sneakerMarketOf(doc: Pick<SneakerDoc, '_id' | 'source' | 'variants'>, readings: SizeReading[]): SneakerMarket {
  const bySize = new Map(readings.map((r) => [r.size, r]));
  const variants = new Map((doc.variants ?? []).map((v) => [v.size, v]));
  const sizes = [...new Set([...variants.keys(), ...bySize.keys()])].sort((a, b) => a - b).map((size) => {
    const reading = bySize.get(size);
    const variant = variants.get(size);
    return {
      size,
      lowestAsk: reading?.lowestAsk ?? null,
      highestBid: reading?.highestBid ?? null,
      lastSale: variant?.lastSalePrice ?? null,
      source: reading ? reading.source : replaySourceOf(doc),
      asOf: reading ? iso(reading.asOf) : iso(variant?.lastSaleAt),
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
    sizes,
  };
}
