import type { SupportResistance } from '@kicksight/contracts';
import { windowOf, dayNumber, type DailyPoint } from './series.ts';

export const LEVELS_WINDOW_DAYS = 90;
/** Days on each side a turning point must stand out from. */
const PIVOT_REACH = 2;
/** Turning points within 3% of each other are one level. */
const MERGE_RATIO = 0.03;
const MAX_LEVELS = 3;

interface Level {
  price: number;
  touches: number;
  lastSeen: string;
}

/** Groups prices within 3% of each other into levels (their volume-free mean), most touched first. */
function clusterLevels(points: { price: number; date: string }[]): Level[] {
  const sorted = [...points].sort((a, b) => a.price - b.price);
  const clusters: { prices: number[]; lastSeen: string }[] = [];
  for (const p of sorted) {
    const current = clusters.at(-1);
    const anchor = current ? current.prices.reduce((a, b) => a + b, 0) / current.prices.length : 0;
    if (current && p.price <= anchor * (1 + MERGE_RATIO)) {
      current.prices.push(p.price);
      if (p.date > current.lastSeen) current.lastSeen = p.date;
    } else {
      clusters.push({ prices: [p.price], lastSeen: p.date });
    }
  }
  return clusters.map((c) => ({ price: Math.round(c.prices.reduce((a, b) => a + b, 0) / c.prices.length), touches: c.prices.length, lastSeen: c.lastSeen }));
}

/**
 * Support and resistance from the last 90 days of daily prices: the local lows (a day lower than
 * the two days with sales on each side) and local highs, grouped into levels within 3%; support is
 * below the current price, resistance above, each with the number of times the price turned there.
 * The window's lowest and highest prices count as turning points too.
 */
export function supportResistanceOf(series: readonly DailyPoint[]): SupportResistance {
  const last = series.at(-1);
  if (!last) return { currentPrice: 0, windowDays: LEVELS_WINDOW_DAYS, support: [], resistance: [], nearestSupport: null, nearestResistance: null };
  const days = windowOf(series, dayNumber(last.date), LEVELS_WINDOW_DAYS);
  const current = last.averagePrice;
  const lows: { price: number; date: string }[] = [];
  const highs: { price: number; date: string }[] = [];
  days.forEach((d, i) => {
    const around = [...days.slice(Math.max(0, i - PIVOT_REACH), i), ...days.slice(i + 1, i + 1 + PIVOT_REACH)];
    if (around.length === 0) return;
    if (around.every((o) => d.averagePrice < o.averagePrice)) lows.push({ price: d.averagePrice, date: d.date });
    if (around.every((o) => d.averagePrice > o.averagePrice)) highs.push({ price: d.averagePrice, date: d.date });
  });
  const min = days.reduce((m, d) => (d.averagePrice < m.averagePrice ? d : m), days[0]!);
  const max = days.reduce((m, d) => (d.averagePrice > m.averagePrice ? d : m), days[0]!);
  if (!lows.some((l) => l.date === min.date)) lows.push({ price: min.averagePrice, date: min.date });
  if (!highs.some((h) => h.date === max.date)) highs.push({ price: max.averagePrice, date: max.date });
  const byStrength = (a: Level, b: Level) => b.touches - a.touches || b.lastSeen.localeCompare(a.lastSeen) || a.price - b.price;
  const support = clusterLevels(lows.filter((l) => l.price < current)).sort(byStrength).slice(0, MAX_LEVELS).sort((a, b) => b.price - a.price);
  const resistance = clusterLevels(highs.filter((h) => h.price > current)).sort(byStrength).slice(0, MAX_LEVELS).sort((a, b) => a.price - b.price);
  return {
    currentPrice: current,
    windowDays: LEVELS_WINDOW_DAYS,
    support,
    resistance,
    nearestSupport: support[0]?.price ?? null,
    nearestResistance: resistance[0]?.price ?? null,
  };
}
