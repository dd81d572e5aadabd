import { isValidSize } from '@kicksight/contracts';

/**
 * Yen per US dollar used for the Japanese-yen market file (StockX in yen mode, scraped around
 * 2020-10-18, when the dollar traded near 105 yen). A fixed rate keeps the import reproducible.
 */
export const JPY_PER_USD = 105;

const KNOWN_BRANDS: Record<string, string> = {
  nike: 'Nike',
  jordan: 'Jordan',
  'air jordan': 'Jordan',
  adidas: 'Adidas',
  'new balance': 'New Balance',
  newbalance: 'New Balance',
  puma: 'Puma',
  converse: 'Converse',
  vans: 'Vans',
  asics: 'ASICS',
  reebok: 'Reebok',
  saucony: 'Saucony',
  'under armour': 'Under Armour',
  timberland: 'Timberland',
  balenciaga: 'Balenciaga',
  'off-white': 'Off-White',
  yeezy: 'Yeezy',
};

/** Collaboration lines some files give as the brand; the maker is read from the name instead. */
const LINE_BRANDS = new Set(['Yeezy', 'Off-White']);

/** The maker named at the start of a product name, if any. */
export function brandFromName(name: string): string | undefined {
  const lower = name.toLowerCase().replace(/-/g, ' ').trim();
  if (/^(nike )?air jordan\b|^jordan\b/.test(lower)) return 'Jordan';
  if (/^yeezy\b|^adidas\b/.test(lower)) return 'Adidas';
  for (const [key, brand] of Object.entries(KNOWN_BRANDS)) {
    if (!LINE_BRANDS.has(brand) && (lower === key || lower.startsWith(`${key} `))) return brand;
  }
  return undefined;
}

/**
 * One spelling per brand: known makers by their usual name whatever the case in the file
 * ('adidas', 'ADIDAS' -> 'Adidas'); collaboration lines ('Yeezy', 'Off-White') resolve to the
 * maker in the name; unknown all-lowercase brands are title-cased, others kept as written.
 */
export function canonicalBrand(raw: string | null | undefined, name = ''): string {
  const trimmed = (raw ?? '').trim();
  const known = KNOWN_BRANDS[trimmed.toLowerCase()];
  if (known && !LINE_BRANDS.has(known)) return known;
  const fromName = brandFromName(name);
  if (fromName) return fromName;
  if (known) return known;
  if (!trimmed) return 'Other';
  return trimmed === trimmed.toLowerCase() ? titleCase(trimmed) : trimmed;
}

export function titleCase(text: string): string {
  return text.replace(/\b([a-z])([a-z]*)/g, (_, first: string, rest: string) => first.toUpperCase() + rest);
}

/**
 * A product name written as a URL slug ('adidas-Yeezy-Boost-350-V2-Beluga-2pt0') as words
 * ('Adidas Yeezy Boost 350 V2 Beluga 2.0'), with the leading brand word spelled one way.
 */
export function nameFromSlug(slug: string): string {
  const words = slug
    .trim()
    .replace(/(\d)pt(\d)/gi, '$1.$2')
    .split(/[-_\s]+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  const brand = KNOWN_BRANDS[words[0]!.toLowerCase()];
  if (brand && !LINE_BRANDS.has(brand)) words[0] = brand;
  return words.join(' ').replace(/\bOff White\b/gi, 'Off-White');
}

/** Spellings of one product across the files, reduced to one. */
const NAME_ALIASES: [RegExp, string][] = [
  [/^(nike )?air jordan /, 'jordan '],
  [/\byeezy boost 350 low\b/, 'yeezy boost 350'],
  [/\bwomens?\b|\bwmns\b/, 'women'],
];

/**
 * The key products are matched and deduplicated on: case, punctuation and spacing removed,
 * '2pt0' read as '2.0', and a few known spellings of the same product reduced to one.
 */
export function nameKey(name: string): string {
  let key = name
    .toLowerCase()
    .replace(/(\d)pt(\d)/g, '$1$2')
    .replace(/(\d)\.(\d)/g, '$1$2')
    .replace(/&/g, ' and ')
    .replace(/['’"()]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  for (const [pattern, replacement] of NAME_ALIASES) key = key.replace(pattern, replacement);
  return key.trim();
}

/** A style code as one spelling ('dz5485 612' -> 'DZ5485-612'); empty -> null. */
export function normaliseSku(raw: string | null | undefined): string | null {
  const sku = (raw ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s_/]+/g, '-')
    .replace(/[^A-Z0-9-]/g, '');
  return sku.length >= 4 ? sku : null;
}

/** Style codes written in free text such as an eBay listing title. */
export function skusInText(text: string): string[] {
  const found = new Set<string>();
  const patterns = [/\b([a-z]{2}\d{4}[- ]\d{3})\b/gi, /\b(\d{6}[- ]\d{3})\b/gi, /\b([a-z]{1,2}\d{4,5})\b/gi];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(normaliseSku(match[1])!);
  return [...found];
}

const number = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const cleaned = value.replace(/[$,\s]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
};

/** Dollars to cents; a missing, non-numeric, zero or negative price means "no price" (null). */
export function dollarsToCents(value: unknown): number | null {
  const dollars = number(value);
  return Number.isFinite(dollars) && dollars > 0 ? Math.round(dollars * 100) : null;
}

/** Yen to US cents at the fixed rate; zero means "no sale" (null). */
export function yenToCents(value: unknown): number | null {
  const yen = number(value);
  return Number.isFinite(yen) && yen > 0 ? Math.round((yen / JPY_PER_USD) * 100) : null;
}

/** A US size from text ('10.0', '10', ' 9.5 '), or null when it is not a valid size. */
export function parseSize(value: unknown): number | null {
  const size = number(value);
  return isValidSize(size) ? size : null;
}

/** An ISO day (YYYY-MM-DD) from a date or timestamp; empty or the 1970-01-01 placeholder -> null. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  if (!match) return null;
  const day = match[1]!;
  if (day.startsWith('1970-01-01') || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  return day;
}

const GENDERS: Record<string, string> = {
  men: 'Men',
  man: 'Men',
  mens: 'Men',
  male: 'Men',
  women: 'Women',
  woman: 'Women',
  womens: 'Women',
  female: 'Women',
  unisex: 'Unisex',
  child: 'Kids',
  children: 'Kids',
  youth: 'Kids',
  kids: 'Kids',
  infant: 'Kids',
  toddler: 'Kids',
  preschool: 'Kids',
  gs: 'Kids',
};

/** Men, Women, Kids or Unisex (the default). */
export function normaliseGender(raw: string | null | undefined): string {
  return GENDERS[(raw ?? '').trim().toLowerCase()] ?? 'Unisex';
}

/** Description text: HTML tags removed (line breaks kept), whitespace collapsed, at most 2,000 characters. */
export function cleanDescription(raw: string | null | undefined): string | null {
  const text = (raw ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  return text ? text.slice(0, 2_000) : null;
}

export const cleanText = (raw: unknown, max = 300): string => (typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ').slice(0, max) : '');
