import { PREDICTION_HORIZON_DAYS, TRACK_RECORD_WINDOW_DAYS, type ForecastAccuracy } from '@kicksight/contracts';
import type { RealisedDay } from './backtest-tasks.ts';
import { forecastOfModel, type ForecastTask } from './backtest.ts';
import type { FittedModel } from './forecast.ts';
import { SERVED_CALIBRATION } from './served-calibration.ts';
import { naive, peerForecast } from './peers.ts';
import { seriesMape, tallyForecasts } from './scoring.ts';
import { cleanDailySeries, dayNumber, windowOf, type DailyPoint } from './series.ts';
import { fitSizeModel, fitSneakerModel } from './size-pooling.ts';

/**
 * The forecasts' track record: the last year of 30-day forecasts of a sneaker (or one of its sizes),
 * made again exactly as the service makes them from what was known at each origin, and judged on
 * what followed.
 *   - origins: every 7 days over the last 365 days, up to 30 days before today (so that each horizon is over);
 *   - an origin is judged when the sneaker had at least MIN_DAYS days with sales in the fit window up
 *     to it, the series judged (the sneaker, or the size) had a sale before it (the last price, naive's
 *     forecast), and a sale in the horizon's last week (days 24 to 30 after it: the 30-day forecast is
 *     judged on those prices);
 *   - MAPE: the mean absolute percentage error over those prices, of the model and of the last price
 *     alone; coverage: the share of them inside the model's 80% band;
 *   - enough history: at least MIN_FORECASTS judged origins (else the figures are null).
 */
export const TRACK_RECORD_STEP_DAYS = 7;
export const JUDGED_FROM_DAY = 24;
export const MIN_FORECASTS = 8;
const MIN_DAYS = 5;

export type TrackRecord = Omit<ForecastAccuracy, 'sneakerId' | 'size' | 'computedAt'>;

export interface TrackRecordInput {
  /** The sneaker's fits by origin, shared by the records of its sizes (a pooled size reuses them). */
  sneakerModels?: Map<number, FittedModel>;
  /** The sneaker's daily sales (every size), at least the last 365 days and the fit window before them. */
  sneakerDays: readonly DailyPoint[];
  /** A size's own daily sales, for the track record of that size. */
  size?: { size: number; days: readonly DailyPoint[] };
  now: Date;
  fitWindowDays: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Days of the series within the horizon's last week after `origin`. */
function judgedDays(series: readonly DailyPoint[], origin: number, horizon: number): RealisedDay[] {
  const out: RealisedDay[] = [];
  for (const point of series) {
    const h = dayNumber(point.date) - origin;
    if (h >= JUDGED_FROM_DAY && h <= horizon) out.push({ h, price: point.averagePrice, trades: point.salesVolume });
  }
  return out;
}

/** Backtests the model over the last year of a sneaker's (or a size's) sales, as the service forecasts them. */
export function trackRecordOf({ sneakerDays, size, now, fitWindowDays, sneakerModels = new Map() }: TrackRecordInput): TrackRecord {
  const horizon = PREDICTION_HORIZON_DAYS;
  const sneaker = cleanDailySeries(sneakerDays);
  const judged = size ? cleanDailySeries(size.days) : sneaker;
  const today = dayNumber(now.toISOString());
  const tasks: ForecastTask[] = [];
  const modelForecasts = [];
  for (let origin = today - horizon; origin > today - TRACK_RECORD_WINDOW_DAYS; origin -= TRACK_RECORD_STEP_DAYS) {
    const sneakerHistory = windowOf(sneaker, origin, fitWindowDays);
    const history = size ? windowOf(judged, origin, fitWindowDays) : sneakerHistory;
    if (sneakerHistory.length < MIN_DAYS || history.length === 0) continue;
    const realised = judgedDays(judged, origin, horizon);
    if (realised.length === 0) continue;
    const task: ForecastTask = { series: 'judged', origin, history, realised };
    const sneakerModel = () => {
      let fit = sneakerModels.get(origin);
      if (!fit) sneakerModels.set(origin, (fit = fitSneakerModel(sneakerHistory, horizon)));
      return fit;
    };
    const model = size ? fitSizeModel(size.size, sneakerHistory, history, horizon, MIN_DAYS, sneakerModel).model : sneakerModel();
    tasks.push(task);
    modelForecasts.push(forecastOfModel(model, task, SERVED_CALIBRATION[size ? 'size' : 'sneaker']));
  }
  const base = { enoughHistory: tasks.length >= MIN_FORECASTS, windowDays: TRACK_RECORD_WINDOW_DAYS, horizonDays: horizon, forecasts: tasks.length };
  if (!base.enoughHistory) return { ...base, mape: null, naiveMape: null, coverage80: null };
  const [model] = tallyForecasts(tasks, modelForecasts, horizon);
  const [last] = tallyForecasts(
    tasks,
    tasks.map((task) => peerForecast(naive, task, horizon)),
    horizon,
  );
  return { ...base, mape: round(seriesMape(model!)! * 100), naiveMape: round(seriesMape(last!)! * 100), coverage80: round((model!.inside[80] / model!.points) * 100) };
}
