import { productViewUsageKey, searchUsageKey, utcDay, type SearchSort } from '@kicksight/contracts';

/**
 * How catalog calls are metered through billing. A search is one unit per distinct (query,
 * brands, sort) per UTC day: the page is not part of the key, so the first page counts it and
 * later pages present a key billing has counted already (and never count again). A product view
 * is one unit per sneaker per UTC day.
 */
export const searchUsage = (search: { q: string; brands: string[]; sortBy: SearchSort }, now: Date): string =>
  searchUsageKey({ query: search.q, brands: search.brands, sort: search.sortBy }, utcDay(now));

export const productViewUsage = (sneakerId: string, now: Date): string => productViewUsageKey(sneakerId, utcDay(now));
