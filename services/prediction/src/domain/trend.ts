import type { Trend } from '@kicksight/contracts';
import { linearRegression } from 'simple-statistics';
import { dayNumber, windowOf, type DailyPoint } from './series.ts';

export const TREND_WINDOW_DAYS = 30;
/** A move under 2% over the window is stable. */
const STABLE_PERCENT = 2;

/** The least-squares line through the last 30 days of daily prices: its slope and the change it implies over the window. */
export function trendOf(series: readonly DailyPoint[]): Trend {
  const last = series.at(-1);
  const days = last ? windowOf(series, dayNumber(last.date), TREND_WINDOW_DAYS) : [];
  if (days.length < 2) return { direction: 'stable', slopePerDay: 0, changePercent: 0, windowDays: TREND_WINDOW_DAYS };
  const { m, b } = linearRegression(days.map((d) => [dayNumber(d.date), d.averagePrice]));
  const firstDay = dayNumber(days[0]!.date);
  const lastDay = dayNumber(days.at(-1)!.date);
  const start = m * firstDay + b;
  const changePercent = start > 0 ? ((m * (lastDay - firstDay)) / start) * 100 : 0;
  const rounded = Math.round(changePercent * 100) / 100;
  return {
    direction: rounded > STABLE_PERCENT ? 'up' : rounded < -STABLE_PERCENT ? 'down' : 'stable',
    slopePerDay: Math.round(m * 100) / 100,
    changePercent: rounded,
    windowDays: TREND_WINDOW_DAYS,
  };
}
