import type { PriceRefusalReason } from '@kicksight/contracts/provenance';
import { median } from './market.ts';

/**
 * The price guard: every price that enters the catalogue (a data file's sale or market price, a
 * catalogue estimate, a recorded sale, a market snapshot) passes `checkPrice` first. It is pure:
 * what it knows of the product (retail price, real sales, what was seen before) comes in the context.
 * A refused value goes to the quarantine with its reason, never silently away.
 */

/** One observed price. Money in hundredths of its currency (cents for US dollars). */
export interface PriceObservation {
  /** The product, by catalog id or style code (SKU). */
  productId?: string | null;
  sku?: string | null;
  size?: number | null;
  amountCents: number;
  /** ISO 4217 code. */
  currency: string;
  /** Where it came from: a data file, 'replay:market-feed', 'stockx-api', ... */
  source: string;
  observedAt: Date;
  /** What identifies this observation at its source (a file's row, a call's id); two observations with one ref are one. */
  ref?: string | null;
}

/** Units of a currency per US dollar on a day. */
export interface DatedRate {
  currency: string;
  /** ISO day. */
  day: string;
  perUsd: number;
}

export interface GuardContext {
  retailCents?: number | null;
  /** The median and median absolute deviation of the product's real sales (`robustCentre`). */
  salesCentre?: { median: number; mad: number } | null;
  /** Keys (`observationKey`) of observations accepted before. */
  seen?: ReadonlySet<string>;
  /** Values (cents) the observation's source gave several unrelated products as a placeholder (`repeatedValuesOf`). */
  repeatedValues?: ReadonlySet<number>;
  rates?: readonly DatedRate[];
}

export type Verdict =
  | { accepted: true; amountCents: number; currency: 'USD'; converted: { currency: string; amount: number; rate: DatedRate } | null }
  | { accepted: false; reason: PriceRefusalReason; detail: string };

/** No sneaker is shown above $30,000. */
export const PRICE_CEILING_CENTS = 3_000_000;
/** Against retail: more than 30 times, or less than a tenth, is not a market price of a new pair. */
export const RETAIL_MULTIPLE_MAX = 30;
export const RETAIL_FRACTION_MIN = 0.1;
/** Against the product's sales: more than 8 robust deviations away, and 4 times above or below the median. */
export const SALES_DEVIATIONS_MAX = 8;
export const SALES_MULTIPLE_MAX = 4;
/** The robust centre needs this many real sales. */
export const SALES_FOR_CENTRE = 5;
/** A value repeated across this many unrelated products of one source, each time over REPEATED_RETAIL_MULTIPLE times their retail, is a placeholder. */
export const REPEATED_MIN_PRODUCTS = 3;
export const REPEATED_RETAIL_MULTIPLE = 5;
/** The MAD of normally spread prices times this is their standard deviation. */
const MAD_TO_SD = 1.4826;

/** Rates the shipped data is converted at: StockX in yen mode was scraped on 2020-10-18, when a dollar bought about 105 yen. */
export const DATED_RATES: readonly DatedRate[] = [{ currency: 'JPY', day: '2020-10-18', perUsd: 105 }];

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** 9999, 99999, ... dollars: a sentinel some catalogues put where they have no price. */
export function isSentinel(amountCents: number): boolean {
  if (amountCents % 100 !== 0) return false;
  return /^9{4,}$/.test(String(amountCents / 100));
}

/** What makes two observations one: their ref, else product, size, source, time and amount. */
export function observationKey(o: PriceObservation): string {
  if (o.ref) return `${o.source}|${o.ref}`;
  return [o.source, o.productId ?? o.sku ?? '', o.size ?? '', o.observedAt.toISOString(), o.currency, o.amountCents].join('|');
}

/** The rate for a currency on the observation's day, if the guard knows one. */
const rateOf = (rates: readonly DatedRate[], currency: string, at: Date): DatedRate | undefined => {
  const day = at.toISOString().slice(0, 10);
  return rates.find((r) => r.currency === currency && r.day === day);
};

/** Median and median absolute deviation of a product's sales, or null with too few of them. */
export function robustCentre(values: readonly number[]): { median: number; mad: number } | null {
  if (values.length < SALES_FOR_CENTRE) return null;
  const centre = median([...values]);
  return { median: centre, mad: median(values.map((v) => Math.abs(v - centre))) };
}

/** Checks one observed price against the rules; an accepted one comes back in US cents. */
export function checkPrice(observation: PriceObservation, context: GuardContext = {}): Verdict {
  const { amountCents: amount, currency } = observation;
  const refuse = (reason: PriceRefusalReason, detail: string): Verdict => ({ accepted: false, reason, detail });
  if (!Number.isFinite(amount) || amount <= 0) return refuse('placeholder', `${amount} is not a price`);
  if (isSentinel(amount)) return refuse('placeholder', `${amount / 100} is a sentinel value`);

  let cents = amount;
  let converted: { currency: string; amount: number; rate: DatedRate } | null = null;
  if (currency !== 'USD') {
    const rate = rateOf(context.rates ?? DATED_RATES, currency, observation.observedAt);
    if (!rate) return refuse('wrong_currency', `${amount / 100} ${currency} on ${observation.observedAt.toISOString().slice(0, 10)}: no dated rate to US dollars`);
    cents = Math.round(amount / rate.perUsd);
    converted = { currency, amount, rate };
  }
  if (cents > PRICE_CEILING_CENTS) return refuse('above_ceiling', `${dollars(cents)} is above ${dollars(PRICE_CEILING_CENTS)}`);
  if (currency === 'USD' && context.repeatedValues?.has(cents)) return refuse('repeated_value', `${dollars(cents)} is given to several unrelated products`);
  if (context.seen?.has(observationKey(observation))) return refuse('duplicate', 'the same observation was recorded before');

  const retail = context.retailCents;
  if (retail && retail > 0) {
    if (cents > retail * RETAIL_MULTIPLE_MAX) return refuse('outlier_vs_retail', `${dollars(cents)} is over ${RETAIL_MULTIPLE_MAX} times the retail price ${dollars(retail)}`);
    if (cents < retail * RETAIL_FRACTION_MIN) return refuse('outlier_vs_retail', `${dollars(cents)} is under a tenth of the retail price ${dollars(retail)}`);
  }
  const centre = context.salesCentre;
  if (centre) {
    // A product whose sales barely vary still allows 5% of its median as one deviation.
    const deviation = Math.max(MAD_TO_SD * centre.mad, centre.median * 0.05);
    const deviations = Math.abs(cents - centre.median) / deviation;
    const far = cents > centre.median * SALES_MULTIPLE_MAX || cents < centre.median / SALES_MULTIPLE_MAX;
    if (deviations > SALES_DEVIATIONS_MAX && far) {
      return refuse('outlier_vs_sales', `${dollars(cents)} is ${deviations.toFixed(0)} deviations from the median sale ${dollars(centre.median)}`);
    }
  }
  return { accepted: true, amountCents: cents, currency: 'USD', converted };
}

/**
 * Values one source gives REPEATED_MIN_PRODUCTS or more unrelated products, each time over
 * REPEATED_RETAIL_MULTIPLE times the product's retail price: a placeholder, not a price.
 */
export function repeatedValuesOf(observations: readonly { product: string; amountCents: number; retailCents: number | null }[]): Set<number> {
  const products = new Map<number, Set<string>>();
  for (const o of observations) {
    if (!o.retailCents || o.amountCents <= o.retailCents * REPEATED_RETAIL_MULTIPLE) continue;
    const set = products.get(o.amountCents) ?? new Set<string>();
    set.add(o.product);
    products.set(o.amountCents, set);
  }
  return new Set([...products].filter(([, set]) => set.size >= REPEATED_MIN_PRODUCTS).map(([value]) => value));
}
