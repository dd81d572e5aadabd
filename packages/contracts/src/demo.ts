import { z } from 'zod';

/**
 * The demo area's sample data (spec 3 §2.12, §3), served by the BFF only with a valid demo ticket. Prices in
 * dollars, as the demo shows them.
 */
export const demoCollectionItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  currentPrice: z.number(),
  purchasePrice: z.number(),
  gain: z.number(),
  gainType: z.enum(['positive', 'negative']),
  condition: z.enum(['New', 'Used']),
  acquiredDate: z.string(),
  category: z.enum(['Basketball', 'Lifestyle', 'Running']),
  size: z.number(),
  image: z.string(),
});
export type DemoCollectionItem = z.infer<typeof demoCollectionItemSchema>;

export const demoSearchProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  priceFormatted: z.string(),
  image: z.string(),
  popularity: z.number(),
  releaseDate: z.string(),
});
export type DemoSearchProduct = z.infer<typeof demoSearchProductSchema>;

export const metricCardSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number(),
  prefix: z.string().optional(),
  suffix: z.string().optional(),
  trend: z.enum(['up', 'down', 'flat']),
  change: z.number(),
  changeType: z.enum(['positive', 'negative', 'neutral']),
  icon: z.string(),
  description: z.string(),
});
export type MetricCard = z.infer<typeof metricCardSchema>;

export const demoProductDetailSchema = z.object({
  name: z.string(),
  brand: z.string(),
  currentPrice: z.number(),
  retailPrice: z.number(),
  priceChange: z.number(),
  sku: z.string(),
  releaseDate: z.string(),
  colorway: z.string(),
  condition: z.string(),
  sizes: z.array(z.number()),
  description: z.string(),
  priceHistory: z.array(z.object({ month: z.string(), price: z.number() })),
  market: z.object({ lowestAsk: z.number(), highestBid: z.number(), lastSale: z.number(), salesLast30Days: z.number() }),
});
export type DemoProductDetail = z.infer<typeof demoProductDetailSchema>;

/** What `GET /api/demo/data` answers with a valid ticket. */
export const demoDataSchema = z.object({
  collection: z.array(demoCollectionItemSchema),
  products: z.array(demoSearchProductSchema),
  productDetail: demoProductDetailSchema,
  metrics: z.array(metricCardSchema),
  marketPulse: z.array(z.object({ name: z.string(), change: z.number() })),
});
export type DemoData = z.infer<typeof demoDataSchema>;

/** The header a demo data call carries its ticket in. */
export const DEMO_TICKET_HEADER = 'x-demo-ticket';

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

export const DEMO_PRODUCT_DETAIL: DemoProductDetail = {
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

export const DEMO_DATA: DemoData = {
  collection: DEMO_COLLECTION,
  products: DEMO_PRODUCTS,
  productDetail: DEMO_PRODUCT_DETAIL,
  metrics: DEMO_METRICS,
  marketPulse: DEMO_MARKET_PULSE,
};
