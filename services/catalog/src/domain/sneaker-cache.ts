import { LRUCache } from 'lru-cache';
import type { AggregateDoc, Models, SneakerDoc } from '../store/models.ts';
import type { SizeReading } from '../store/market-models.ts';
import type { DayTotals } from './market.ts';
import type { SearchIndex } from './search-index.ts';

/** Day entries of daily-aggregate documents kept in all (about 100 bytes each). */
const AGGREGATE_DAYS_KEPT = 500_000;

interface CachedYears {
  /** The version the index announced when these were read: they hold every sale up to it. */
  announced: number;
  days: Map<string, Record<string, DayTotals>>;
  entries: number;
}

/**
 * The pod's most recently read sneakers, their daily-aggregate year documents and their latest market
 * readings per size, as fresh as its
 * search index: a cached document is served while its version is at least the version the index
 * holds (the index follows `catalog.product_changed`, announced after a sale's aggregates are
 * written), so a change made anywhere replaces it once announced, and a sale recorded in this
 * process drops it at once. Reading from the store costs milliseconds per kilobyte on FerretDB;
 * from here, microseconds.
 */
export function createSneakerCache({ models, index, size }: { models: Models; index: SearchIndex; size: number }) {
  const docs = new LRUCache<string, SneakerDoc>({ max: size });
  const years = new LRUCache<string, CachedYears>({ max: size, maxSize: AGGREGATE_DAYS_KEPT, sizeCalculation: (y) => Math.max(1, y.entries) });
  const readings = new LRUCache<string, { announced: number; sizes: SizeReading[] }>({ max: size });
  let hits = 0;
  let misses = 0;
  const announcedVersion = (id: string) => index.get(id)?.version;

  return {
    /** The sneaker (without its applied-sales memory), or null when there is none. */
    async get(id: string): Promise<SneakerDoc | null> {
      const cached = docs.get(id);
      const announced = announcedVersion(id);
      if (cached && announced !== undefined && cached.version >= announced) {
        hits += 1;
        return cached;
      }
      misses += 1;
      const doc = await models.Sneaker.findById(id, { appliedSales: 0 }).lean<SneakerDoc>();
      if (doc) docs.set(id, doc);
      else docs.delete(id);
      return doc;
    },

    /** The day totals of one daily-aggregate document of the sneaker (null when it has none). */
    async aggregateDays(sneakerId: string, aggregateId: string): Promise<Record<string, DayTotals> | null> {
      const announced = announcedVersion(sneakerId);
      const cached = years.get(sneakerId);
      const fresh = cached && announced !== undefined && cached.announced >= announced ? cached : undefined;
      if (fresh?.days.has(aggregateId)) return fresh.days.get(aggregateId)!;
      const doc = await models.Aggregate.findById(aggregateId, { days: 1 }).lean<Pick<AggregateDoc, 'days'>>();
      const days = doc ? (doc.days ?? {}) : null;
      if (days && announced !== undefined) {
        const entry = fresh ?? { announced, days: new Map(), entries: 0 };
        entry.days.set(aggregateId, days);
        entry.entries += Object.keys(days).length;
        years.set(sneakerId, entry);
      }
      return days;
    },

    /**
     * The sneaker's latest market reading of each size, read through `load` unless held as fresh as the
     * index (a reading raises the sneaker's version, announced after the reading is stored).
     */
    async marketReadings(sneakerId: string, load: (sneakerId: string) => Promise<SizeReading[]>): Promise<SizeReading[]> {
      const announced = announcedVersion(sneakerId);
      const cached = readings.get(sneakerId);
      if (cached && announced !== undefined && cached.announced >= announced) return cached.sizes;
      const sizes = await load(sneakerId);
      if (announced !== undefined) readings.set(sneakerId, { announced, sizes });
      return sizes;
    },

    forget(id: string): void {
      docs.delete(id);
      years.delete(id);
      readings.delete(id);
    },
    stats: () => ({ size: docs.size, hits, misses, aggregates: years.size }),
  };
}

export type SneakerCache = ReturnType<typeof createSneakerCache>;
