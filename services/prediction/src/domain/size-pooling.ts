import type { SizeBasis } from '@kicksight/contracts';
import { MODEL_NAME, fitModel, type FittedModel } from './forecast.ts';
import { exponentialSmoothing } from './peers.ts';
import { robustSmoothing } from './robust-smoothing.ts';
import { dayNumber, type DailyPoint } from './series.ts';

/**
 * One size's forecast, by partial pooling with the sneaker it belongs to:
 *   - a size with at least ENOUGH_SIZE_SALES sales (and the minimum days with sales) in the fit window is
 *     forecast from its own sales alone ('own');
 *   - a thinner size ('pooled') takes the sneaker's forecast level (every size together, as fitSneakerModel
 *     serves it) plus the size's premium over it: the mean of log(size's day price / sneaker's day price)
 *     over the days the size sold, each day weighted by the size's sales, shrunk towards 0 by
 *     w = n / (n + PRIOR_SALES), n the size's sales. The prior is worth PRIOR_SALES sales: with 2 sales the
 *     size moves the forecast a sixth of its premium away from the sneaker's level, with 20 two thirds, with
 *     none not at all. A size with sales of its own then averages that level (on log prices) with simple
 *     exponential smoothing of its own prices (POOLED_SIZE_MODEL_NAME): the backtest per size, scoring this
 *     forecast as served, found smoothing alone more accurate than the pooled level and the average more
 *     accurate than both (see basisText in prediction.ts). Its bands are the sneaker's, widened by the size's
 *     own scatter around that premium (shrunk the same way towards a typical 8%).
 */
export const ENOUGH_SIZE_SALES = 30;
export const PRIOR_SALES = 10;
const PRIOR_SIZE_SCATTER = 0.08 ** 2;

/**
 * A sneaker's forecast (every size together): the robust smoothed level of its daily prices (robust-smoothing.ts),
 * the model's bands around it. A sneaker's day price is the average of whichever sizes sold that day, so one
 * day of unusually small or large sizes, or one odd sale, swings it: the robust level takes such a day as no
 * more than an ordinary surprise. Chosen by the backtest, where it beat every standard method and the model's
 * own level (alone or averaged with smoothing's) on both shipped files (see SNEAKER_EVIDENCE in prediction.ts).
 */
export const SNEAKER_MODEL_NAME = 'robust-smoothing-log';
export function fitSneakerModel(days: readonly DailyPoint[], horizon: number): FittedModel {
  const { level, alpha } = robustSmoothing(days);
  return { ...fitModel(days, horizon), level, smoothing: alpha };
}

/**
 * The level of a size's forecast from its own sales: the model's level averaged (on log prices) with that of
 * simple exponential smoothing over the same days, the model's bands around it. Chosen by the backtest per
 * size on stockx-2019-sales.csv, where smoothing alone beat the model and the average beat both; robust
 * smoothing did not help there (a size's day price has no mix of sizes to swing it).
 */
export const COMBINED_MODEL_NAME = `${MODEL_NAME}+ses`;
/** The name of a thin size's forecast: the pooled level averaged with smoothing of the size's own prices. */
export const POOLED_SIZE_MODEL_NAME = 'size-pooled+ses';
function combinedWithSmoothing(model: FittedModel, days: readonly DailyPoint[]): FittedModel {
  if (days.length === 0) return model;
  const { level } = exponentialSmoothing(days.map((d) => Math.log(d.averagePrice)));
  return { ...model, level: (model.level + level) / 2 };
}

/** The combined forecast (COMBINED_MODEL_NAME) of a size from its own days (cleaned, oldest first; at least one). */
const fitCombinedModel = (days: readonly DailyPoint[], horizon: number): FittedModel => combinedWithSmoothing(fitModel(days, horizon), days);

export interface SizeModel {
  model: FittedModel;
  basis: SizeBasis;
}

const salesOf = (days: readonly DailyPoint[]) => days.reduce((n, d) => n + d.salesVolume, 0);

/** The size's premium over the sneaker (log scale, sales-weighted mean over the size's days) and its scatter around it. */
export function sizePremium(sneakerDays: readonly DailyPoint[], sizeDays: readonly DailyPoint[]): { premium: number; scatter: number; sales: number } {
  const sneakerPrice = new Map(sneakerDays.map((d) => [d.date, d.averagePrice]));
  let sales = 0;
  let sum = 0;
  let squares = 0;
  for (const day of sizeDays) {
    const price = sneakerPrice.get(day.date);
    if (price === undefined) continue;
    const offset = Math.log(day.averagePrice / price);
    sales += day.salesVolume;
    sum += day.salesVolume * offset;
    squares += day.salesVolume * offset * offset;
  }
  if (sales === 0) return { premium: 0, scatter: 0, sales: 0 };
  const premium = sum / sales;
  return { premium, scatter: Math.max(0, squares / sales - premium * premium), sales };
}

/**
 * The model of one size's forecast from the sneaker's fitted days and the size's (both within the fit
 * window, cleaned, oldest first). `sneakerModel` gives the sneaker's forecast model (fitSneakerModel), asked only for a pooled size.
 */
export function fitSizeModel(
  size: number,
  sneakerDays: readonly DailyPoint[],
  sizeDays: readonly DailyPoint[],
  horizon: number,
  minDataPoints: number,
  sneakerModel: () => FittedModel = () => fitSneakerModel(sneakerDays, horizon),
): SizeModel {
  const sales = salesOf(sizeDays);
  if (sales >= ENOUGH_SIZE_SALES && sizeDays.length >= minDataPoints) {
    return { model: fitCombinedModel(sizeDays, horizon), basis: { size, method: 'own', sales, weight: 1 } };
  }
  const sneaker = sneakerModel();
  const { premium, scatter } = sizePremium(sneakerDays, sizeDays);
  const weight = sales / (sales + PRIOR_SALES);
  const level = sneaker.level + weight * premium;
  const sizeScatter = (sales * scatter + PRIOR_SALES * PRIOR_SIZE_SCATTER) / (sales + PRIOR_SALES);
  const last = sizeDays.at(-1);
  const pooled = combinedWithSmoothing({ ...sneaker, level }, sizeDays);
  return {
    model: {
      ...pooled,
      noiseVariance: sneaker.noiseVariance + sizeScatter,
      lastPrice: last?.averagePrice ?? Math.round(Math.exp(pooled.level)),
      firstDay: sizeDays.length > 0 ? dayNumber(sizeDays[0]!.date) : sneaker.firstDay,
      observations: sizeDays.length,
    },
    basis: { size, method: 'pooled', sales, weight: Math.round(weight * 1000) / 1000 },
  };
}
