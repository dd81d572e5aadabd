import { LRUCache } from 'lru-cache';
import type { Models, SneakerDoc } from '../store/models.ts';
import type { SearchIndex } from './search-index.ts';

/**
 * The pod's most recently read sneakers, as fresh as its search index: a cached document is served
 * while its version is at least the version the index holds (the index follows
 * `catalog.product_changed`), so a change made anywhere replaces it once announced, and a sale
 * recorded in this process drops it at once. Reading a sneaker from the store costs milliseconds
 * per kilobyte on FerretDB; from here, microseconds.
 */
export function createSneakerCache({ models, index, size }: { models: Models; index: SearchIndex; size: number }) {
  const docs = new LRUCache<string, SneakerDoc>({ max: size });
  let hits = 0;
  let misses = 0;
  return {
    /** The sneaker (without its applied-sales memory), or null when there is none. */
    async get(id: string): Promise<SneakerDoc | null> {
      const cached = docs.get(id);
      const announced = index.get(id)?.version;
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
    forget(id: string): void {
      docs.delete(id);
    },
    stats: () => ({ size: docs.size, hits, misses }),
  };
}

export type SneakerCache = ReturnType<typeof createSneakerCache>;
