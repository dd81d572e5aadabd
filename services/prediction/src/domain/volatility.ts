import {
  VOLATILITY_FALLBACK,
  VOLATILITY_MAX,
  VOLATILITY_MIN,
  VOLATILITY_MIN_PRICES,
  VOLATILITY_MIN_SALES,
  VOLATILITY_SCALE,
  VOLATILITY_WINDOW_DAYS,
  volatilityLabel,
  type Volatility,
  DAY_MS,
} from '@kicksight/contracts';
import { mean, standardDeviation } from 'simple-statistics';
import { isUsablePrice, type SalePoint } from './series.ts';


/**
 * Volatility of a sneaker (spec 3 §9): the sales of the last 30 days before `now`; with fewer than
 * 3 of them, or fewer than 2 prices strictly between $0 and $10,000, the fallback 35. Otherwise the
 * coefficient of variation of those prices in percent (standard deviation over mean × 100), scaled
 * by 2.5 and clamped to 10..90, rounded to one decimal.
 */
export function volatilityOf(sales: readonly SalePoint[], now: Date): Volatility {
  const since = now.getTime() - VOLATILITY_WINDOW_DAYS * DAY_MS;
  const recent = sales.filter((s) => {
    const at = Date.parse(s.soldAt);
    return at > since && at <= now.getTime();
  });
  const prices = recent.map((s) => s.price).filter(isUsablePrice);
  const base = { salesCount: recent.length, pricesUsed: prices.length, windowDays: VOLATILITY_WINDOW_DAYS };
  if (recent.length < VOLATILITY_MIN_SALES || prices.length < VOLATILITY_MIN_PRICES) {
    return { score: VOLATILITY_FALLBACK, label: volatilityLabel(VOLATILITY_FALLBACK), fallback: true, ...base };
  }
  const variation = (standardDeviation(prices) / mean(prices)) * 100;
  const score = Math.round(Math.min(VOLATILITY_MAX, Math.max(VOLATILITY_MIN, variation * VOLATILITY_SCALE)) * 10) / 10;
  return { score, label: volatilityLabel(score), fallback: false, ...base };
}
