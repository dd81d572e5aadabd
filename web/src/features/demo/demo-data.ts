/** The demo area's filters and sorts; its sample data comes from the BFF with a valid ticket (`GET /api/demo/data`). */

export const DEMO_BRANDS = ['All', 'Jordan', 'Nike', 'Adidas', 'New Balance', 'Reebok'] as const;
export const DEMO_PRICE_RANGES = [
  { id: 'all', label: 'Any price', min: 0, max: Infinity },
  { id: 'under-100', label: 'Under $100', min: 0, max: 100 },
  { id: '100-300', label: '$100-$300', min: 100, max: 300 },
  { id: '300-500', label: '$300-$500', min: 300, max: 500 },
  { id: '500-1000', label: '$500-$1,000', min: 500, max: 1000 },
  { id: 'over-1000', label: 'Over $1,000', min: 1000, max: Infinity },
] as const;
export const DEMO_SEARCH_SORTS = [
  { id: 'relevance', label: 'Relevance' },
  { id: 'price-asc', label: 'Price: Low to High' },
  { id: 'price-desc', label: 'Price: High to Low' },
  { id: 'popularity', label: 'Popularity' },
  { id: 'release', label: 'Release Date (newest first)' },
] as const;
export const DEMO_COLLECTION_SORTS = [
  { id: 'name', label: 'Name' },
  { id: 'value', label: 'Value' },
  { id: 'performance', label: 'Performance' },
  { id: 'date', label: 'Date Added' },
] as const;
