import { BAND_LEVELS } from '@kicksight/contracts';
import { backtestTasks, type BacktestOptions, type BacktestSale, type ForecastTask, type SeriesInfo, type TaskForecast } from './backtest-tasks.ts';
import { CalibrationLearner, NO_CALIBRATION, type BandCalibration, type CalibrationRecord } from './band-calibration.ts';
import { bandHalfWidths, type FittedModel } from './forecast.ts';
import { SUMMARY_OPTIONS } from './forecasts.ts';
import { TS_PEERS, peerForecast, type Peer } from './peers.ts';
import { fitSizeModel, fitSneakerModel } from './size-pooling.ts';
import { compareAtHeadline, scoreOf, tallyForecasts, type Comparison, type MethodScore, type SeriesTally } from './scoring.ts';

export { backtestTasks, dailySeriesOf, eligibilityRules, seriesKeyOf, spreadSubset } from './backtest-tasks.ts';
export type { BacktestOptions, BacktestSale, ForecastTask, SeriesKeying, TaskForecast } from './backtest-tasks.ts';

/** The key of the product's model among the methods of a backtest. */
export const PRODUCT = 'model';

/**
 * The product's model of one task, exactly as the service fits it: a sneaker's from its history (the robust
 * smoothed level, the model's bands); a size's
 * (a task with the sneaker's history beside it) as the service forecasts a size, from its own sales or
 * pooled with the sneaker's.
 */
export const productModel = (task: ForecastTask, horizon: number): FittedModel =>
  task.sneakerHistory ? fitSizeModel(0, task.sneakerHistory, task.history, horizon, SUMMARY_OPTIONS.minDataPoints).model : fitSneakerModel(task.history, horizon);

/** A fitted model's forecast (point and bands, calibrated by `calibration`) at the task's realised days. */
export function forecastOfModel(model: FittedModel, task: ForecastTask, calibration: BandCalibration): TaskForecast {
  const forecast: TaskForecast = { point: [], bands: { 50: { lower: [], upper: [] }, 80: { lower: [], upper: [] }, 95: { lower: [], upper: [] } } };
  for (const { h } of task.realised) {
    const widths = bandHalfWidths(model, calibration, task.origin, h);
    forecast.point.push(Math.exp(model.level));
    for (const level of BAND_LEVELS) {
      forecast.bands[level].lower.push(Math.exp(model.level - widths[level]));
      forecast.bands[level].upper.push(Math.exp(model.level + widths[level]));
    }
  }
  return forecast;
}

/** What a realised price of a task says about the model's uncalibrated bands: |error| over each band's half-width. */
export function calibrationRecords(model: FittedModel, task: ForecastTask): CalibrationRecord[] {
  return task.realised.map(({ h, price }) => {
    const widths = bandHalfWidths(model, NO_CALIBRATION, task.origin, h);
    const error = Math.abs(Math.log(price) - model.level);
    const ratios = {} as CalibrationRecord['ratios'];
    for (const level of BAND_LEVELS) ratios[level] = widths[level] > 0 ? error / widths[level] : 0;
    return { knownOn: task.origin + h, age: task.origin - model.firstDay, h, ratios };
  });
}

/**
 * The product's forecasts of every task (in the tasks' order), their bands calibrated as the product learns
 * it: in the order of the origins, each forecast's calibration learned from the realised prices of every
 * series' earlier forecasts known on or before its origin day, never a later one.
 */
export function productForecasts(tasks: readonly ForecastTask[], horizon: number): TaskForecast[] {
  const learner = new CalibrationLearner();
  const out = new Array<TaskForecast>(tasks.length);
  const order = tasks.map((_, i) => i).sort((a, b) => tasks[a]!.origin - tasks[b]!.origin || a - b);
  for (const i of order) {
    const task = tasks[i]!;
    const model = productModel(task, horizon);
    out[i] = forecastOfModel(model, task, learner.asOf(task.origin));
    for (const record of calibrationRecords(model, task)) learner.add(record);
  }
  return out;
}

/** The calibration learned from every task's realised prices (what the product serves after a file's last day). */
export function learnedCalibration(tasks: readonly ForecastTask[], horizon: number): BandCalibration {
  const learner = new CalibrationLearner();
  for (const task of tasks) for (const record of calibrationRecords(productModel(task, horizon), task)) learner.add(record);
  return learner.asOf(Math.max(...tasks.map((t) => t.origin + horizon)));
}

/** The product's forecasts and each peer's, of every task. */
export function forecastTasks(tasks: readonly ForecastTask[], horizon: number, peers: Record<string, Peer> = TS_PEERS): Record<string, TaskForecast[]> {
  const out: Record<string, TaskForecast[]> = { [PRODUCT]: productForecasts(tasks, horizon) };
  for (const [name, peer] of Object.entries(peers)) out[name] = tasks.map((task) => peerForecast(peer, task, horizon));
  return out;
}

export interface MethodResult {
  score: MethodScore;
  tallies: SeriesTally[];
}

export interface BacktestReport {
  series: SeriesInfo[];
  forecasts: number;
  methods: Record<string, MethodResult>;
  /** Each peer against the model at the headline day (positive: the model's error is smaller). */
  comparisons: Record<string, Comparison>;
  /** The peer with the lowest headline MAPE. */
  bestPeer?: string;
}

/** Scores every method's forecasts of the same tasks and compares the model with each peer. */
export function scoreBacktest(tasks: readonly ForecastTask[], forecasts: Record<string, TaskForecast[]>, horizon: number, series: SeriesInfo[] = []): BacktestReport {
  const methods: Record<string, MethodResult> = {};
  for (const [name, list] of Object.entries(forecasts)) {
    if (list.length !== tasks.length) throw new Error(`${name} forecast ${list.length} of ${tasks.length} tasks`);
    const tallies = tallyForecasts(tasks, list, horizon);
    methods[name] = { tallies, score: scoreOf(tallies, tasks.length) };
  }
  const product = methods[PRODUCT];
  const comparisons: Record<string, Comparison> = {};
  let bestPeer: string | undefined;
  for (const [name, result] of Object.entries(methods)) {
    if (name === PRODUCT) continue;
    if (product) comparisons[name] = compareAtHeadline(product.tallies, result.tallies);
    if (!Number.isNaN(result.score.mape) && (bestPeer === undefined || result.score.mape < methods[bestPeer]!.score.mape)) bestPeer = name;
  }
  return { series, forecasts: tasks.length, methods, comparisons, bestPeer };
}

/** Runs the rolling-origin backtest of the model and the peers written in TypeScript over a file's sales. */
export function runBacktest(sales: readonly BacktestSale[], options: BacktestOptions, peers: Record<string, Peer> = TS_PEERS): BacktestReport {
  const { series, tasks } = backtestTasks(sales, options);
  return scoreBacktest(tasks, forecastTasks(tasks, options.horizon, peers), options.horizon, series);
}
