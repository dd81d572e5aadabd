import { DAY_MS, utcDay, SEARCH_BRANDS } from '@kicksight/contracts';
import { sneakerIdOf } from '../domain/ids.ts';
import { nameKey } from '../domain/normalise.ts';
import { gaussian, seededRandom } from '../domain/random.ts';
import type { MergedProduct } from './catalogue.ts';

const halfSteps = (from: number, to: number) => Array.from({ length: (to - from) * 2 + 1 }, (_, i) => from + i / 2);

/** The sizes a pair is made in, by who it is for, and the size most pairs sell in. */
export const SIZE_RUNS: Record<string, { sizes: number[]; center: number }> = {
  Men: { sizes: [...halfSteps(4, 14), 15, 16], center: 10 },
  Unisex: { sizes: [...halfSteps(4, 13), 14, 15], center: 9.5 },
  Women: { sizes: halfSteps(5, 12), center: 8 },
  Kids: { sizes: halfSteps(3.5, 7), center: 5.5 },
};

/** The per-size price ladder: sizes far from the common ones are scarcer and cost more. */
export const sizeFactor = (size: number, center: number): number => Math.min(1.6, 1 + 0.012 * (size - center) ** 2);

export interface SimulatedSale {
  index: number;
  size: number;
  amount: number;
  soldAt: Date;
}

export interface SimulationOptions {
  /** The last day of the series (ISO day); sales end the day before the import ran. */
  anchorDay: string;
  days: number;
  /** Average count of sales per product. */
  perProduct: number;
}

/**
 * Sales for a product that has no real ones, drawn from its own calibration: it trades around its
 * market price from the data files (or its retail price with a premium), on a random walk whose
 * daily moves follow the file's volatility, with a per-size ladder and a little noise per sale.
 * Each product's last two days always have sales, so its 24-hour change is known.
 */
export function simulateSales(product: Pick<MergedProduct, 'id' | 'marketPrice' | 'retailPrice' | 'volatility' | 'gender'>, options: SimulationOptions): SimulatedSale[] {
  const random = seededRandom(`sales:${product.id}`);
  const run = SIZE_RUNS[product.gender ?? 'Men'] ?? SIZE_RUNS.Men!;
  const hype = random() < 0.1 ? 2 + random() * 1.5 : 0.85 + random() * 0.9;
  const base = product.marketPrice ?? (product.retailPrice ? product.retailPrice * hype : 12_000 + Math.round(random() * 20_000));
  const dailyVolatility = Math.min(0.05, Math.max(0.006, (product.volatility ?? 0.08) / Math.sqrt(30)));
  const drift = (random() - 0.5) * 0.008;
  const end = Date.parse(`${options.anchorDay}T00:00:00Z`);

  // The price path ends near the calibrated price.
  const path: number[] = new Array(options.days);
  path[options.days - 1] = base;
  for (let d = options.days - 2; d >= 0; d--) path[d] = path[d + 1]! / Math.exp(drift + dailyVolatility * gaussian(random));

  const count = Math.max(6, Math.round(options.perProduct * (0.4 + random() * 1.2)));
  const days: number[] = [options.days - 1, options.days - 1, options.days - 2, options.days - 2];
  while (days.length < count) days.push(Math.floor(random() ** 0.7 * options.days));
  const weights = run.sizes.map((s) => Math.exp(-((s - run.center) ** 2) / 8));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickSize = () => {
    let r = random() * totalWeight;
    for (let i = 0; i < run.sizes.length; i++) {
      r -= weights[i]!;
      if (r <= 0) return run.sizes[i]!;
    }
    return run.center;
  };

  return days
    .map((day) => ({ day, seconds: Math.floor(random() * 86_400) }))
    .sort((a, b) => a.day - b.day || a.seconds - b.seconds)
    .map(({ day, seconds }, index) => {
      const size = pickSize();
      const price = path[day]! * sizeFactor(size, run.center) * (1 + 0.03 * gaussian(random));
      return {
        index,
        size,
        amount: Math.max(2_000, Math.round(price / 100) * 100),
        soldAt: new Date(end - (options.days - 1 - day) * DAY_MS + seconds * 1000),
      };
    });
}

/** Models and their retail prices (dollars) per brand of the search page. */
const MODELS: Record<(typeof SEARCH_BRANDS)[number], [string, number][]> = {
  Nike: [['Air Max 90', 130], ['Air Max 1', 140], ['Air Force 1 Low', 110], ['Dunk Low', 110], ['Dunk High', 125], ['Blazer Mid 77', 100], ['Air Max 97', 180], ['Cortez', 90], ['Air Presto', 130], ['Vaporfly 3', 260]],
  Adidas: [['Samba OG', 100], ['Gazelle', 100], ['Superstar', 100], ['Ultraboost 1.0', 190], ['Forum Low', 100], ['Campus 00s', 110], ['NMD R1', 150], ['Stan Smith', 100]],
  Jordan: [['Air Jordan 1 Retro High OG', 180], ['Air Jordan 1 Low', 115], ['Air Jordan 3 Retro', 210], ['Air Jordan 4 Retro', 215], ['Air Jordan 5 Retro', 210], ['Air Jordan 6 Retro', 200], ['Air Jordan 11 Retro', 230], ['Air Jordan 12 Retro', 200]],
  'New Balance': [['550', 110], ['990v6', 200], ['2002R', 150], ['9060', 160], ['574', 90], ['1906R', 155], ['327', 100]],
  Puma: [['Suede Classic', 75], ['Palermo', 90], ['Speedcat OG', 100], ['RS-X', 110], ['Clyde', 90], ['Mayze', 100]],
  Converse: [['Chuck 70 Hi', 90], ['Chuck Taylor All Star Lo', 65], ['Run Star Hike', 110], ['One Star Pro', 85], ['Weapon', 100]],
  Vans: [['Old Skool', 70], ['Sk8-Hi', 75], ['Authentic', 55], ['Knu Skool', 80], ['Slip-On', 60], ['Half Cab', 80]],
};

const COLOURWAYS = [
  'Triple White', 'Black White', 'University Blue', 'Bred', 'Chicago', 'Panda', 'Sail Gum', 'Grey Fog', 'Forest Green', 'Royal Blue',
  'Volt', 'Infrared', 'Sand Drift', 'Mocha', 'Cement Grey', 'Pink Foam', 'Obsidian', 'Sunset Orange', 'Olive Canvas', 'Cream Navy',
  'Lilac', 'Team Red', 'Light Bone', 'Midnight Navy', 'Vintage Green', 'Coconut Milk', 'Shadow', 'Hyper Crimson', 'Earth', 'Citrus',
];

/**
 * `count` catalogue entries for breadth: the brands of the search page, many models and colourways,
 * editions by year once those run out, and some women's and kids' pairs. Deterministic; names
 * already in the catalogue are skipped.
 */
export function generateProducts(count: number, anchorDay: string, taken: Set<string>): MergedProduct[] {
  const brands = [...SEARCH_BRANDS];
  const anchor = Date.parse(`${anchorDay}T00:00:00Z`);
  const products: MergedProduct[] = [];
  for (let i = 0; products.length < count; i++) {
    const brand = brands[i % brands.length]!;
    const models = MODELS[brand];
    const k = Math.floor(i / brands.length);
    const [model, retail] = models[k % models.length]!;
    const colourway = COLOURWAYS[Math.floor(k / models.length) % COLOURWAYS.length]!;
    const edition = Math.floor(k / (models.length * COLOURWAYS.length));
    const random = seededRandom(`product:${i}`);
    const audience = random();
    const gender = audience < 0.12 ? 'Women' : audience < 0.2 ? 'Kids' : 'Men';
    const modelName = brand === 'Jordan' ? model : `${brand} ${model}`;
    const name = `${modelName} ${colourway}${gender === 'Women' ? ' (W)' : gender === 'Kids' ? ' (GS)' : ''}${edition > 0 ? ` Vol. ${edition + 1}` : ''}`;
    const key = nameKey(name);
    if (taken.has(key)) continue;
    taken.add(key);
    const retailCents = Math.round(retail * (gender === 'Kids' ? 0.75 : 1)) * 100;
    products.push({
      id: sneakerIdOf(`generated:${i}`),
      nameKey: key,
      name,
      brand,
      colorway: colourway,
      sku: `KS-${(i + 1).toString(36).toUpperCase().padStart(6, '0')}`,
      model: modelName,
      releaseDate: utcDay(anchor - Math.floor(random() * 6 * 365) * DAY_MS),
      retailPrice: retailCents,
      gender,
      imageUrl: null,
      description: null,
      marketPrice: null,
      marketSource: null,
      markets: [],
      volatility: null,
      source: 'generated',
      sources: ['generated'],
      order: i,
      sales: [],
    });
  }
  return products;
}
