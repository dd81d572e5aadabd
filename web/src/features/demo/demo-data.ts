/** The demo area's hard-coded sample data (spec 3 §2.12, §3). Prices in dollars, as the demo shows them. */

export interface DemoCollectionItem {
  id: string;
  name: string;
  brand: string;
  currentPrice: number;
  purchasePrice: number;
  gain: number;
  gainType: 'positive' | 'negative';
  condition: 'New' | 'Used';
  acquiredDate: string;
  category: 'Basketball' | 'Lifestyle' | 'Running';
  size: number;
  image: string;
}

export interface DemoSearchProduct {
  id: string;
  name: string;
  brand: string;
  price: number;
  priceFormatted: string;
  image: string;
  popularity: number;
  releaseDate: string;
}

export interface MetricCard {
  id: string;
  label: string;
  value: number;
  prefix?: string;
  suffix?: string;
  trend: 'up' | 'down' | 'flat';
  change: number;
  changeType: 'positive' | 'negative' | 'neutral';
  icon: string;
  description: string;
}

const item = (id: string, name: string, brand: string, purchasePrice: number, currentPrice: number, condition: 'New' | 'Used', acquiredDate: string, category: DemoCollectionItem['category'], size: number): DemoCollectionItem => {
  const gain = Math.round(((currentPrice - purchasePrice) / purchasePrice) * 1000) / 10;
  return { id, name, brand, purchasePrice, currentPrice, gain, gainType: gain >= 0 ? 'positive' : 'negative', condition, acquiredDate, category, size, image: '' };
};

export const DEMO_COLLECTION: DemoCollectionItem[] = [
  item('d1', 'Air Jordan 1 Retro High OG Chicago', 'Jordan', 180, 412, 'New', '2024-02-14', 'Basketball', 10),
  item('d2', 'Nike Dunk Low Panda', 'Nike', 110, 118, 'New', '2024-05-02', 'Lifestyle', 9.5),
  item('d3', 'Adidas Yeezy Boost 350 V2 Zebra', 'Adidas', 320, 268, 'Used', '2023-11-20', 'Lifestyle', 11),
  item('d4', 'New Balance 990v6 Grey', 'New Balance', 199, 215, 'New', '2024-07-08', 'Running', 10.5),
  item('d5', 'Air Jordan 4 Retro Military Black', 'Jordan', 210, 335, 'New', '2024-01-30', 'Basketball', 9),
  item('d6', 'Reebok Club C 85 Vintage', 'Reebok', 85, 72, 'Used', '2023-09-12', 'Lifestyle', 8.5),
];

const product = (id: string, name: string, brand: string, price: number, popularity: number, releaseDate: string): DemoSearchProduct => ({
  id,
  name,
  brand,
  price,
  priceFormatted: `$${price.toLocaleString('en-US')}`,
  image: '',
  popularity,
  releaseDate,
});

export const DEMO_PRODUCTS: DemoSearchProduct[] = [
  product('p1', 'Air Jordan 1 Retro High OG Chicago', 'Jordan', 412, 98, '2022-11-19'),
  product('p2', 'Air Jordan 4 Retro Military Black', 'Jordan', 335, 91, '2022-05-21'),
  product('p3', 'Air Jordan 11 Retro Cool Grey', 'Jordan', 289, 84, '2021-12-11'),
  product('p4', 'Nike Dunk Low Panda', 'Nike', 118, 95, '2021-03-10'),
  product('p5', 'Nike Air Max 1 Patta Waves', 'Nike', 640, 70, '2021-10-08'),
  product('p6', 'Nike SB Dunk Low Travis Scott', 'Nike', 1450, 88, '2020-02-29'),
  product('p7', 'Adidas Yeezy Boost 350 V2 Zebra', 'Adidas', 268, 80, '2017-02-25'),
  product('p8', 'Adidas Samba OG White Black', 'Adidas', 96, 93, '2023-01-15'),
  product('p9', 'New Balance 550 White Green', 'New Balance', 124, 76, '2021-06-01'),
  product('p10', 'New Balance 990v6 Grey', 'New Balance', 215, 72, '2022-04-21'),
  product('p11', 'Reebok Club C 85 Vintage', 'Reebok', 72, 55, '2019-08-01'),
  product('p12', 'Reebok Question Mid Iverson', 'Reebok', 140, 60, '2021-09-24'),
];

export const DEMO_PRODUCT_DETAIL = {
  name: 'Air Jordan 1 Retro High OG Chicago',
  brand: 'Jordan',
  currentPrice: 412,
  retailPrice: 180,
  priceChange: 6.4,
  sku: 'DZ5485-612',
  releaseDate: '2022-11-19',
  colorway: 'Varsity Red/Black/Sail/Muslin',
  condition: 'New',
  sizes: [7, 8, 8.5, 9, 9.5, 10, 10.5, 11, 12, 13],
  description: 'The Chicago colourway returns with a lost-and-found finish: cracked leather, a sail midsole and a vintage box.',
  priceHistory: [
    { month: 'Jun', price: 352 },
    { month: 'Jul', price: 361 },
    { month: 'Aug', price: 374 },
    { month: 'Sep', price: 368 },
    { month: 'Oct', price: 387 },
    { month: 'Nov', price: 412 },
  ],
  market: { lowestAsk: 398, highestBid: 376, lastSale: 405, salesLast30Days: 214 },
};

export const DEMO_METRICS: MetricCard[] = [
  { id: 'value', label: 'Total Portfolio Value', value: 1420, prefix: '$', trend: 'up', change: 12.4, changeType: 'positive', icon: '💼', description: 'Six pairs at today’s market prices' },
  { id: 'gain', label: 'Unrealised Gain', value: 316, prefix: '$', trend: 'up', change: 28.6, changeType: 'positive', icon: '📈', description: 'Against what you paid' },
  { id: 'best', label: 'Best Performer', value: 128.9, suffix: '%', trend: 'up', change: 4.1, changeType: 'positive', icon: '🏆', description: 'Air Jordan 1 Chicago' },
  { id: 'alerts', label: 'Active Price Alerts', value: 3, trend: 'flat', change: 0, changeType: 'neutral', icon: '🔔', description: 'Two near their targets' },
];

export const DEMO_MARKET_PULSE = [
  { name: 'Nike SB Dunk Low Travis Scott', change: 8.2 },
  { name: 'Adidas Samba OG White Black', change: -3.1 },
  { name: 'Air Jordan 4 Military Black', change: 5.6 },
  { name: 'New Balance 550 White Green', change: -1.4 },
];

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
