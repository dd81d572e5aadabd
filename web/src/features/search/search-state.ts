const MIN_QUERY_LENGTH = 2;
export const SEARCH_BRANDS = ['Nike', 'Adidas', 'Jordan', 'New Balance', 'Puma', 'Converse', 'Vans'] as const;
export const SEARCH_SORTS = [
  { value: 'rank', label: 'Relevance' },
  { value: 'release_date', label: 'Release Date' },
] as const;
export const TOO_SHORT = 'Enter at least 2 characters or choose a brand to search';

/** A search runs only when at least 2 characters were submitted or a brand is chosen. */
export const canSearch = (q: string, brand: string): boolean => q.trim().length >= MIN_QUERY_LENGTH || brand !== '';

export const resultsFoundText = (total: number): string => `${total} ${total === 1 ? 'result' : 'results'} found`;
