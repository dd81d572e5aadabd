import { LRUCache } from 'lru-cache';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchSort } from '@kicksight/contracts';
import { canonicalBrand } from './normalise.ts';
import type { ChangeStep } from './market.ts';

/** What search results, suggestions, related products and trending lists show of a sneaker. */
export interface SneakerSummary {
  id: string;
  name: string;
  brand: string;
  colorway: string;
  sku: string | null;
  model: string | null;
  imageUrl: string | null;
  retailPrice: number | null;
  currentPrice: number | null;
  lowestPrice: number | null;
  highestPrice: number | null;
  /** Its 24-hour change from now on, while nothing moves (read at a moment: change24hOf). */
  priceChangeSteps: ChangeStep[];
  releaseDate: string | null;
  gender: string;
  category: string;
  sizes: { size: number; lastSaleAt: number | null }[];
  salesCount: number;
  lastSaleAt: number | null;
  /** The source of its price (its latest sale's) and its latest sales' times (epoch ms, newest first): its provenance. */
  priceSource: string;
  latestSales: number[];
  version: number;
}

interface IndexedFields {
  id: string;
  name: string;
  brand: string;
  colorway: string;
  sku: string;
  model: string;
}

const fieldsOf = (s: SneakerSummary): IndexedFields => ({ id: s.id, name: s.name, brand: s.brand, colorway: s.colorway, sku: s.sku ?? '', model: s.model ?? '' });

/** Distinct queries whose ranked answers are kept. */
const ANSWER_CACHE_SIZE = 2_000;

/** Typos are forgiven in words of 4 letters or more: one edit, two from 5 letters (a swap of two letters is two). */
const fuzziness = (term: string): number | false => (term.length >= 5 ? 2 : term.length >= 4 ? 1 : false);

/** Exact words (and the prefix being typed) finding at least this many sneakers answer without typo forgiveness. */
const ENOUGH_EXACT_MATCHES = 20;

/** Lists without a query (by popularity or release) are re-sorted at most this often, as sales move popularity. */
const LISTING_TTL_MS = 5_000;

export interface SearchRequest {
  q: string;
  brands: string[];
  sortBy: SearchSort;
}

/** A search's matches, best first: how many, and the sneakers of one stretch of them. */
export interface SearchAnswer {
  /** The search as the index keys it (sort, brands, normalised text). */
  key: string;
  /** The ranked ids: the same array for as long as the ranking holds (a new one when it changes). */
  ids: readonly string[];
  total: number;
  slice(start: number, end: number): SneakerSummary[];
}

const byId = (a: SneakerSummary, b: SneakerSummary) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byReleaseDate = (a: SneakerSummary, b: SneakerSummary) => {
  const left = a.releaseDate ?? '';
  const right = b.releaseDate ?? '';
  return left === right ? byId(a, b) : left < right ? 1 : -1;
};
const byPopularity = (a: SneakerSummary, b: SneakerSummary) => b.salesCount - a.salesCount || byId(a, b);

/**
 * The pod's in-memory search index: relevance ranking that forgives a typo and matches word
 * prefixes, over name, brand, colourway, style code and model, with the summaries it shows.
 * Built from the store at start and kept current from `catalog.product_changed`.
 */
export function createSearchIndex() {
  const mini = new MiniSearch<IndexedFields>({
    fields: ['name', 'brand', 'colorway', 'sku', 'model'],
    storeFields: [],
    // Only the last word is still being typed: from two characters on it matches as a prefix, the others as whole words (or near them).
    searchOptions: { boost: { name: 3, sku: 3, model: 2, brand: 1.5 }, prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2 },
  });
  const summaries = new Map<string, SneakerSummary>();
  // Counts every change to the summaries held, so a reader can tell that none happened since it last looked.
  let changes = 0;
  // Ranked answers by query, valid while the indexed text is unchanged (prices and sales do not move a rank).
  const answers = new LRUCache<string, string[]>({ max: ANSWER_CACHE_SIZE });
  // Lists without a query, by sort and brands, kept briefly (popularity moves with every sale).
  const listings = new LRUCache<string, string[]>({ max: 200, ttl: LISTING_TTL_MS });
  const textChanged = () => {
    answers.clear();
    listings.clear();
  };
  const answerOf = (key: string, ids: string[]): SearchAnswer => ({
    key,
    ids,
    total: ids.length,
    slice: (start, end) => ids.slice(start, end).map((id) => summaries.get(id)!),
  });

  function upsert(summary: SneakerSummary): boolean {
    const existing = summaries.get(summary.id);
    if (existing && existing.version > summary.version) return false;
    summaries.set(summary.id, summary);
    changes += 1;
    if (existing && fieldsUnchanged(fieldsOf(existing), fieldsOf(summary)) && existing.releaseDate === summary.releaseDate) return true;
    if (mini.has(summary.id)) mini.replace(fieldsOf(summary));
    else mini.add(fieldsOf(summary));
    textChanged();
    return true;
  }

  /** Every word (the last as a prefix); when that finds too few, typos forgiven; when nothing, any word. */
  function matches(q: string, filter?: (id: string) => boolean): SearchResult[] {
    const options = filter ? { filter: (r: SearchResult) => filter(r.id as string) } : {};
    const exact = mini.search(q, { ...options, combineWith: 'AND' });
    if (exact.length >= ENOUGH_EXACT_MATCHES) return exact;
    const forgiving = mini.search(q, { ...options, combineWith: 'AND', fuzzy: fuzziness });
    return forgiving.length > 0 ? forgiving : mini.search(q, { ...options, combineWith: 'OR', fuzzy: fuzziness });
  }

  return {
    upsert,
    /** Adds many summaries at once (the build at start). */
    addAll(list: SneakerSummary[]) {
      const fresh: IndexedFields[] = [];
      for (const summary of list) {
        if (summaries.has(summary.id)) upsert(summary);
        else {
          summaries.set(summary.id, summary);
          changes += 1;
          fresh.push(fieldsOf(summary));
        }
      }
      mini.addAll(fresh);
      textChanged();
    },
    remove(id: string) {
      if (mini.has(id)) mini.discard(id);
      if (summaries.delete(id)) changes += 1;
      textChanged();
    },
    get: (id: string) => summaries.get(id),
    get size() {
      return summaries.size;
    },
    /** Grows with every change to a sneaker held (added, replaced or removed). */
    get changes() {
      return changes;
    },
    values: () => summaries.values(),

    /** Every match, best first (or newest release first), each sort ending with the id. */
    search({ q, brands, sortBy }: SearchRequest): SearchAnswer {
      const wanted = new Set(brands.map((b) => canonicalBrand(b).toLowerCase()));
      const brandOk = (s: SneakerSummary) => wanted.size === 0 || wanted.has(s.brand.toLowerCase());
      const brandKey = [...wanted].sort().join(',');
      if (!q) {
        const key = `list\u0000${sortBy}\u0000${brandKey}`;
        let ids = listings.get(key);
        if (!ids) {
          ids = [...summaries.values()]
            .filter(brandOk)
            .sort(sortBy === 'release_date' ? byReleaseDate : byPopularity)
            .map((s) => s.id);
          listings.set(key, ids);
        }
        return answerOf(key, ids);
      }
      const key = `text\u0000${sortBy}\u0000${brandKey}\u0000${q.trim().toLowerCase()}`;
      let ids = answers.get(key);
      if (!ids) {
        const results = matches(q, wanted.size === 0 ? undefined : (id) => brandOk(summaries.get(id)!));
        const found = results.map((r) => ({ summary: summaries.get(r.id as string)!, score: r.score }));
        const ranked = sortBy === 'release_date' ? found.map((f) => f.summary).sort(byReleaseDate) : found.sort((a, b) => b.score - a.score || byId(a.summary, b.summary)).map((f) => f.summary);
        ids = ranked.map((s) => s.id);
        answers.set(key, ids);
      }
      return answerOf(key, ids);
    },

    /** Up to `limit` sneakers whose words start like the typed text, best first. */
    suggest(q: string, limit: number): SneakerSummary[] {
      if (q.length < 2) return [];
      return matches(q)
        .slice(0, limit)
        .map((r) => summaries.get(r.id as string)!);
    },
  };
}

const fieldsUnchanged = (a: IndexedFields, b: IndexedFields) => a.name === b.name && a.brand === b.brand && a.colorway === b.colorway && a.sku === b.sku && a.model === b.model;

export type SearchIndex = ReturnType<typeof createSearchIndex>;
