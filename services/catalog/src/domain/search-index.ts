import { LRUCache } from 'lru-cache';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchSort } from '@kicksight/contracts';
import { canonicalBrand } from './normalise.ts';

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
  priceChange24h: number | null;
  releaseDate: string | null;
  gender: string;
  category: string;
  sizes: { size: number; lastSaleAt: number | null }[];
  salesCount: number;
  lastSaleAt: number | null;
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

export interface SearchRequest {
  q: string;
  brands: string[];
  sortBy: SearchSort;
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
    // Only the last word is still being typed: it matches as a prefix, the others as whole words (or near them).
    searchOptions: { boost: { name: 3, sku: 3, model: 2, brand: 1.5 }, prefix: (_term, i, terms) => i === terms.length - 1, fuzzy: fuzziness },
  });
  const summaries = new Map<string, SneakerSummary>();
  // Ranked answers by query, valid while the indexed text is unchanged (prices and sales do not move a rank).
  const answers = new LRUCache<string, string[]>({ max: ANSWER_CACHE_SIZE });
  const textChanged = () => answers.clear();

  function upsert(summary: SneakerSummary): boolean {
    const existing = summaries.get(summary.id);
    if (existing && existing.version > summary.version) return false;
    summaries.set(summary.id, summary);
    if (existing && fieldsUnchanged(fieldsOf(existing), fieldsOf(summary)) && existing.releaseDate === summary.releaseDate) return true;
    if (mini.has(summary.id)) mini.replace(fieldsOf(summary));
    else mini.add(fieldsOf(summary));
    textChanged();
    return true;
  }

  function matches(q: string, filter?: (id: string) => boolean): SearchResult[] {
    const options = filter ? { filter: (r: SearchResult) => filter(r.id as string) } : {};
    const all = mini.search(q, { ...options, combineWith: 'AND' });
    return all.length > 0 ? all : mini.search(q, { ...options, combineWith: 'OR' });
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
          fresh.push(fieldsOf(summary));
        }
      }
      mini.addAll(fresh);
      textChanged();
    },
    remove(id: string) {
      if (mini.has(id)) mini.discard(id);
      summaries.delete(id);
      textChanged();
    },
    get: (id: string) => summaries.get(id),
    get size() {
      return summaries.size;
    },
    values: () => summaries.values(),

    /** Every match, best first (or newest release first), each sort ending with the id. */
    search({ q, brands, sortBy }: SearchRequest): SneakerSummary[] {
      const wanted = new Set(brands.map((b) => canonicalBrand(b).toLowerCase()));
      const brandOk = (s: SneakerSummary) => wanted.size === 0 || wanted.has(s.brand.toLowerCase());
      if (!q) {
        const listed = [...summaries.values()].filter(brandOk);
        return listed.sort(sortBy === 'release_date' ? byReleaseDate : byPopularity);
      }
      const key = `${sortBy}\u0000${[...wanted].sort().join(',')}\u0000${q.trim().toLowerCase()}`;
      let ids = answers.get(key);
      if (!ids) {
        const results = matches(q, wanted.size === 0 ? undefined : (id) => brandOk(summaries.get(id)!));
        const found = results.map((r) => ({ summary: summaries.get(r.id as string)!, score: r.score }));
        const ranked = sortBy === 'release_date' ? found.map((f) => f.summary).sort(byReleaseDate) : found.sort((a, b) => b.score - a.score || byId(a.summary, b.summary)).map((f) => f.summary);
        ids = ranked.map((s) => s.id);
        answers.set(key, ids);
      }
      return ids.map((id) => summaries.get(id)!);
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
