const MIN_QUERY_LENGTH = 2;
export const SEARCH_BRANDS = ['Nike', 'Adidas', 'Jordan', 'New Balance', 'Puma', 'Converse', 'Vans'] as const;
export const SEARCH_SORTS = [
  { value: 'rank', label: 'Relevance' },
  { value: 'release_date', label: 'Release Date' },
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number]['value'];
const DEFAULT_SORT: SearchSort = 'rank';
export const TOO_SHORT = 'Enter at least 2 characters or choose a brand to search';

/** A search runs only when at least 2 characters were submitted or a brand is chosen. */
export const canSearch = (q: string, brand: string): boolean => q.trim().length >= MIN_QUERY_LENGTH || brand !== '';

/** A search as the member submitted it: the query, the brand ('' for all) and the sort. */
export interface SubmittedSearch {
  q: string;
  brand: string;
  sortBy: SearchSort;
}

export const NO_SEARCH: SubmittedSearch = { q: '', brand: '', sortBy: DEFAULT_SORT };

/** The submitted search lives in the URL (q, brand, sort), so a reload or the browser's Back brings it back. */
export const searchOfUrl = (params: URLSearchParams): SubmittedSearch => ({
  q: params.get('q') ?? '',
  brand: params.get('brand') ?? '',
  sortBy: params.get('sort') === 'release_date' ? 'release_date' : DEFAULT_SORT,
});

/** The URL parameters of a submitted search, leaving out what is empty and the default sort. */
export const urlOfSearch = ({ q, brand, sortBy }: SubmittedSearch): Record<string, string> => ({
  ...(q && { q }),
  ...(brand && { brand }),
  ...(sortBy !== DEFAULT_SORT && { sort: sortBy }),
});

export const resultsFoundText = (total: number): string => `${total} ${total === 1 ? 'result' : 'results'} found`;

/**
 * The count above the results. When the plan's cap held matches back it says so: 'Showing 20 of 127'
 * then what would show the rest (a better plan, or a narrower search on the top plan).
 */
export function resultsCount({ total, available }: { total: number; available: number }, canUpgrade: boolean): { text: string; capped: null | 'upgrade' | 'narrow' } {
  if (available <= total) return { text: resultsFoundText(total), capped: null };
  return { text: `Showing ${total} of ${available}`, capped: canUpgrade ? 'upgrade' : 'narrow' };
}

export const CAPPED_UPGRADE = 'upgrade to see more';
export const CAPPED_NARROW = 'narrow your search to see the rest';
