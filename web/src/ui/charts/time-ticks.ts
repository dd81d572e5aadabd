import { utcDay, utcFormat, utcMonth } from 'd3';

/** About one date label per this many pixels. */
const PX_PER_LABEL = 90;
/** Spans longer than this are labelled by month, shorter ones by day. */
const MONTHS_BEYOND_DAYS = 120;

const byDay = utcFormat('%b %d');
const byMonth = utcFormat('%b %Y');

/**
 * The date labels of a time axis `width` px wide: evenly spaced days for a short span, evenly spaced
 * months (their first day) for a long one, so no label repeats, whatever range was asked for.
 */
export function timeTicksOf([start, end]: [Date, Date], width: number): { date: Date; label: string }[] {
  const most = Math.max(2, Math.floor(width / PX_PER_LABEL));
  const days = utcDay.count(start, end);
  const monthly = days > MONTHS_BEYOND_DAYS;
  const interval = monthly ? utcMonth : utcDay;
  const steps = monthly ? utcMonth.count(start, end) : days;
  const step = Math.max(1, Math.ceil(steps / most));
  const format = monthly ? byMonth : byDay;
  const ticks = interval.range(interval.ceil(start), new Date(end.getTime() + 1)).filter((_, i) => i % step === 0);
  return ticks.map((date) => ({ date, label: format(date) })).filter((tick, i, all) => i === 0 || tick.label !== all[i - 1]!.label);
}
