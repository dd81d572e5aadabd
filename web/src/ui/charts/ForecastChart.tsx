import { useMemo } from 'react';
import { area, curveMonotoneX, line, max, min, scaleLinear, scaleUtc } from 'd3';
import styled, { useTheme } from 'styled-components';
import { forecastSummary } from './summaries.ts';
import { useWidth } from './useWidth.ts';
import { Axes } from './Axes.tsx';
import { cssVar } from '../../theme/cssVars.ts';

export interface ForecastInput {
  history: { date: string; price: number }[];
  path: { date: string; price: number; bands: Record<'50' | '80' | '95', { lower: number; upper: number }> }[];
}

export const BAND_LEVELS = ['95', '80', '50'] as const;
const BAND_OPACITY: Record<(typeof BAND_LEVELS)[number], number> = { '95': 0.12, '80': 0.2, '50': 0.32 };

const Wrap = styled.figure`
  margin: 0;
  width: 100%;
  svg { display: block; overflow: visible; }
  text { fill: ${cssVar.colors.textMuted}; font-size: 11px; font-variant-numeric: tabular-nums; }
  figcaption { font-size: 13px; color: ${cssVar.colors.textMuted}; margin-top: 6px; }
`;

const Legend = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 14px;
  margin: 8px 0 0;
  padding: 0;
  font-size: 12px;
  li { display: inline-flex; align-items: center; gap: 6px; }
  i { display: inline-block; width: 14px; height: 10px; border-radius: 2px; }
`;

const MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };
const dateOf = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
type PathPoint = ForecastInput['path'][number];

/** The history, then the forecast path dashed with its 95%, 80% and 50% bands as nested fills, and a 'today' rule. */
export function ForecastChart({ history, path, height, label }: ForecastInput & { height: number; label: string }) {
  const theme = useTheme();
  const { ref, width } = useWidth<HTMLElement>();
  const end = path.at(-1);

  const model = useMemo(() => {
    if (!end || history.length === 0) return null;
    const innerW = Math.max(10, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const dates = [...history.map((h) => dateOf(h.date)), ...path.map((p) => dateOf(p.date))];
    const x = scaleUtc()
      .domain([dates[0]!, dates.at(-1)!])
      .range([0, innerW]);
    const lo = Math.min(min(history, (h) => h.price) ?? 0, min(path, (p) => p.bands['95'].lower) ?? 0);
    const hi = Math.max(max(history, (h) => h.price) ?? 1, max(path, (p) => p.bands['95'].upper) ?? 1);
    const y = scaleLinear()
      .domain([Math.max(0, lo * 0.95), hi * 1.05])
      .nice()
      .range([innerH, 0]);
    const lastHistory = history.at(-1)!;
    const anchor: PathPoint = {
      date: lastHistory.date,
      price: lastHistory.price,
      bands: { '50': { lower: lastHistory.price, upper: lastHistory.price }, '80': { lower: lastHistory.price, upper: lastHistory.price }, '95': { lower: lastHistory.price, upper: lastHistory.price } },
    };
    const future = [anchor, ...path];
    const bandPath = (level: (typeof BAND_LEVELS)[number]) =>
      area<PathPoint>()
        .x((p) => x(dateOf(p.date)))
        .y0((p) => y(p.bands[level].lower))
        .y1((p) => y(p.bands[level].upper))
        .curve(curveMonotoneX)(future);
    const historyLine = line<{ date: string; price: number }>()
      .x((p) => x(dateOf(p.date)))
      .y((p) => y(p.price))
      .curve(curveMonotoneX)(history);
    const forecastLine = line<PathPoint>()
      .x((p) => x(dateOf(p.date)))
      .y((p) => y(p.price))(future);
    return { innerW, innerH, x, y, bandPath, historyLine, forecastLine, today: x(dateOf(lastHistory.date)) };
  }, [history, path, end, width, height]);

  if (!model || !end) return <p>Insufficient historical data for forecast visualization</p>;
  const summary = forecastSummary(end.price, end.bands['80'].lower, end.bands['80'].upper, path.length);
  const { innerW, innerH, x, y, bandPath, historyLine, forecastLine, today } = model;

  return (
    <Wrap ref={ref}>
      <svg width={width} height={height} role="img" aria-label={`${label}: ${summary}`}>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <Axes x={x} y={y} width={innerW} height={innerH} />
          {BAND_LEVELS.map((level) => (
            <path key={level} d={bandPath(level) ?? undefined} fill={theme.colors.accent} opacity={BAND_OPACITY[level]} data-band={level} />
          ))}
          <path d={historyLine ?? undefined} fill="none" stroke={theme.colors.text} strokeWidth={2} />
          <path d={forecastLine ?? undefined} fill="none" stroke={theme.colors.accent} strokeWidth={2} strokeDasharray="6 4" />
          <line x1={today} x2={today} y1={0} y2={innerH} stroke={theme.colors.textMuted} strokeDasharray="2 2" />
          <text x={today + 4} y={10}>
            today
          </text>
        </g>
      </svg>
      <Legend aria-label="Confidence bands">
        <li>
          <i style={{ background: theme.colors.text }} /> History
        </li>
        <li>
          <i style={{ background: theme.colors.accent }} /> Forecast
        </li>
        {BAND_LEVELS.map((level) => (
          <li key={level}>
            <i style={{ background: theme.colors.accent, opacity: BAND_OPACITY[level] * 2 }} /> {level}% band
          </li>
        ))}
      </Legend>
      <figcaption>{summary}</figcaption>
    </Wrap>
  );
}
