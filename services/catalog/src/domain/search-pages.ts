import { LRUCache } from 'lru-cache';
import type { SearchIndex, SearchRequest, SneakerSummary } from './search-index.ts';
import type { Serialised } from './serialised-answers.ts';
import { searchResultsHoldUntil, searchResultOf } from './views.ts';

/** One page of search results, serialised: `{"sneakers":[...],"total":<n>,"available":<n>}` (total: reachable under the plan cap; available: every match). */
export type SearchPage = Serialised;

interface KeptPage extends SearchPage {
  /** The ranked ids the page was cut from (the index hands out a new array when the ranking changes). */
  ranking: readonly string[];
  /** The sneakers it shows, as the index held them (the index replaces a sneaker's summary on every change). */
  shown: SneakerSummary[];
  /** The index's change count when `shown` was last found to be what the index holds. */
  checkedAt: number;
  /** Its available sizes hold from `builtAt` to `holdsUntil` (ms). */
  builtAt: number;
  holdsUntil: number;
}

/**
 * Characters of serialised pages kept in all (about 20 kB per page of 50). Each counts twice: its
 * text, and the answer the HTTP layer encodes from it once.
 */
const DEFAULT_MAX_CHARS = 40_000_000;
/** What a kept page costs beside its text: its summaries and bookkeeping (characters, roughly). */
const PAGE_OVERHEAD_CHARS = 1_000;

export interface PageOf {
  page: number;
  limit: number;
  /** The caller's plan cap on results across pages (null: none). */
  cap: number | null;
}

const sameSneakers = (kept: SneakerSummary[], now: SneakerSummary[]) => kept.length === now.length && kept.every((summary, i) => summary === now[i]);

/**
 * Search result pages as the index answers them, kept serialised: a page is served again while its
 * search ranks the same, every sneaker on it is the one the index holds (so a price or product change
 * shows on the next search) and no size it shows as available has aged out; otherwise it is rebuilt.
 * Its sneakers are compared only when the index changed since they last were. Pages of different
 * caps, pages or limits are kept apart.
 */
export function createSearchPages({ index, maxChars = DEFAULT_MAX_CHARS }: { index: SearchIndex; maxChars?: number }) {
  const pages = new LRUCache<string, KeptPage>({ maxSize: maxChars, sizeCalculation: (p, key) => 2 * p.json.length + key.length + PAGE_OVERHEAD_CHARS });
  let reused = 0;
  let built = 0;

  return {
    page(request: SearchRequest, { page, limit, cap }: PageOf, now: Date): SearchPage {
      const answer = index.search(request);
      const total = cap === null ? answer.total : Math.min(answer.total, cap);
      const start = (page - 1) * limit;
      const showing = () => answer.slice(start, Math.max(start, Math.min(total, start + limit)));
      const key = `${answer.key}\u0000${page}\u0000${limit}\u0000${cap ?? 'all'}`;
      const at = now.getTime();
      const changes = index.changes;
      const kept = pages.get(key);
      if (kept && kept.ranking === answer.ids && kept.builtAt <= at && at <= kept.holdsUntil && (kept.checkedAt === changes || sameSneakers(kept.shown, showing()))) {
        kept.checkedAt = changes;
        reused += 1;
        return kept;
      }
      built += 1;
      const shown = showing();
      const json = JSON.stringify({ sneakers: shown.map((s) => searchResultOf(s, now)), total, available: answer.total });
      const fresh: KeptPage = { json, ranking: answer.ids, shown, checkedAt: changes, builtAt: at, holdsUntil: searchResultsHoldUntil(shown, now) };
      pages.set(key, fresh);
      return fresh;
    },
    stats: () => ({ pages: pages.size, chars: pages.calculatedSize, reused, built }),
  };
}

export type SearchPages = ReturnType<typeof createSearchPages>;
