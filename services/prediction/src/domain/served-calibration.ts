import type { BandCalibration } from './band-calibration.ts';
import type { SeriesKeying } from './backtest-tasks.ts';

/**
 * The band calibration the service applies, per kind of series (a sneaker's every size, or one size): the
 * factors the backtest learns from every forecast of stockx-2019-sales.csv (the last line of
 * `npm run backtest -w services/prediction -- --file stockx-2019-sales.csv [--by size]`, `calibration`), by age
 * bucket (under 30, 60, 120, 175 days, older), then days ahead (1-7, 8-14, 15-30), then band (50, 80, 95%).
 * Young series' bands come out narrower than their own errors say, old ones' wider at a month.
 */
export const SERVED_CALIBRATION: Record<SeriesKeying, BandCalibration> = {
  sneaker: [
    [[0.641, 0.765, 0.828], [0.641, 0.8, 0.964], [0.641, 0.8, 1.124]],
    [[0.782, 0.855, 0.873], [0.782, 0.864, 1.036], [0.809, 1.067, 1.411]],
    [[0.896, 0.885, 0.898], [0.896, 0.885, 0.898], [0.896, 0.885, 0.898]],
    [[0.952, 0.953, 0.956], [0.952, 0.953, 0.956], [0.952, 0.953, 0.956]],
    [[1.02, 1.034, 1.078], [1.02, 1.034, 1.108], [1.03, 1.04, 1.158]],
  ],
  size: [
    [[0.458, 0.468, 0.552], [0.47, 0.48, 0.552], [0.47, 0.48, 0.552]],
    [[0.69, 0.696, 0.725], [0.69, 0.706, 0.883], [0.69, 0.782, 1.178]],
    [[0.822, 0.842, 0.828], [0.842, 0.852, 0.828], [0.94, 0.921, 0.861]],
    [[0.882, 0.901, 0.951], [0.882, 0.901, 0.98], [0.901, 0.93, 1.169]],
    [[1, 1, 1.089], [1.01, 1.059, 1.238], [1.05, 1.239, 1.598]],
  ],
};
