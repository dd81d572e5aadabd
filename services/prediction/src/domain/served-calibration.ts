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
    [[0.641, 0.746, 0.801], [0.641, 0.784, 0.973], [0.641, 0.784, 1.162]],
    [[0.791, 0.891, 0.936], [0.791, 0.9, 1.109], [0.818, 1.191, 1.411]],
    [[0.922, 0.904, 0.924], [0.922, 0.904, 0.924], [0.922, 0.904, 0.924]],
    [[0.966, 0.974, 0.967], [0.966, 0.974, 0.967], [0.966, 0.974, 0.967]],
    [[1.035, 1.049, 1.078], [1.035, 1.059, 1.118], [1.04, 1.069, 1.149]],
  ],
  size: [
    [[0.468, 0.484, 0.561], [0.476, 0.484, 0.561], [0.476, 0.484, 0.561]],
    [[0.695, 0.706, 0.735], [0.695, 0.716, 0.892], [0.695, 0.792, 1.178]],
    [[0.832, 0.852, 0.837], [0.852, 0.852, 0.837], [0.94, 0.921, 0.861]],
    [[0.882, 0.901, 0.951], [0.882, 0.901, 0.97], [0.901, 0.93, 1.169]],
    [[1, 1, 1.089], [1.01, 1.059, 1.228], [1.06, 1.239, 1.598]],
  ],
};
