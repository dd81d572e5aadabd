import { useId, useMemo, useState, type MouseEvent } from 'react';
import { area, bisector, curveMonotoneX, line, max, min, scaleLinear, scaleUtc } from 'd3';
import styled, { useTheme } from 'styled-components';
import { countOf, formatDate, formatMoney } from '../format.ts';
import { historySummary, type PricePoint } from './summaries.ts';
import { useWidth } from './useWidth.ts';
import { Axes } from './Axes.tsx';

export type ChartType = 'line' | 'area' | 'combined';

const Wrap = styled.figure`
  position: relative;
  margin: 0;
  width: 100%;
  figcaption { font-size: 13px; color: ${({ theme }) => theme.colors.textMuted}; margin-top: 6px; }
  svg { display: block; overflow: visible; }
  text { fill: ${({ theme }) => theme.colors.textMuted}; font-size: 11px; font-variant-numeric: tabular-nums; }
`;

const Tip = styled.div`
  position: absolute;
  pointer-events: none;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 6px 10px;
  font-size: 12px;
  white-space: nowrap;
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.15);
  font-variant-numeric: tabular-nums;
`;

const MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };
const dateOf = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** Daily average prices as a line, an area, or both with volume bars; a crosshair shows date, price and volume. */
export function SalesHistoryChart({ points, type, days, height, label }: { points: PricePoint[]; type: ChartType; days: number; height: number; label: string }) {
  const theme = useTheme();
  const gradientId = `sales-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { ref, width } = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const summary = historySummary(points, days);

  const model = useMemo(() => {
    if (points.length < 2) return null;
    const innerW = Math.max(10, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const x = scaleUtc()
      .domain([dateOf(points[0]!.date), dateOf(points.at(-1)!.date)])
      .range([0, innerW]);
    const lo = min(points, (p) => p.price) ?? 0;
    const hi = max(points, (p) => p.price) ?? 1;
    const pad = Math.max(1, (hi - lo) * 0.1);
    const y = scaleLinear()
      .domain([Math.max(0, lo - pad), hi + pad])
      .nice()
      .range([innerH, 0]);
    const volumeMax = max(points, (p) => p.volume) ?? 1;
    const v = scaleLinear().domain([0, volumeMax || 1]).range([0, innerH * 0.25]);
    const pathLine = line<PricePoint>()
      .x((p) => x(dateOf(p.date)))
      .y((p) => y(p.price))
      .curve(curveMonotoneX)(points);
    const pathArea = area<PricePoint>()
      .x((p) => x(dateOf(p.date)))
      .y0(innerH)
      .y1((p) => y(p.price))
      .curve(curveMonotoneX)(points);
    return { innerW, innerH, x, y, v, pathLine, pathArea, barWidth: Math.max(1, Math.min(innerW / days, innerW / points.length) - 1) };
  }, [points, width, height, days]);

  if (!model)
    return (
      <Wrap ref={ref} role="img" aria-label={`${label}: ${summary}`}>
        <p>{summary}</p>
      </Wrap>
    );

  const { innerW, innerH, x, y, v, pathLine, pathArea, barWidth } = model;
  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const at = x.invert(event.clientX - bounds.left);
    const index = bisector((p: PricePoint) => dateOf(p.date)).center(points, at);
    setHover(index);
  };
  const hovered = hover === null ? null : points[hover];
  const showArea = type !== 'line';
  const showBars = type === 'combined';

  return (
    <Wrap ref={ref}>
      <svg width={width} height={height} role="img" aria-label={`${label}: ${summary}`}>
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor={theme.colors.accent} stopOpacity={0.3} />
            <stop offset="100%" stopColor={theme.colors.accent} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <Axes x={x} y={y} width={innerW} height={innerH} />
          {showBars &&
            points.map((p) => (
              <rect key={p.date} x={x(dateOf(p.date)) - barWidth / 2} y={innerH - v(p.volume)} width={barWidth} height={v(p.volume)} fill={theme.colors.neutral} opacity={0.25} />
            ))}
          {showArea && pathArea && <path d={pathArea} fill={`url(#${gradientId})`} />}
          {pathLine && <path d={pathLine} fill="none" stroke={theme.colors.accent} strokeWidth={2} />}
          {hovered && (
            <g>
              <line x1={x(dateOf(hovered.date))} x2={x(dateOf(hovered.date))} y1={0} y2={innerH} stroke={theme.colors.textMuted} strokeDasharray="3 3" />
              <circle cx={x(dateOf(hovered.date))} cy={y(hovered.price)} r={4} fill={theme.colors.accent} stroke={theme.colors.surface} strokeWidth={2} />
            </g>
          )}
          <rect width={innerW} height={innerH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
        </g>
      </svg>
      {hovered && (
        <Tip style={{ left: Math.min(width - 150, MARGIN.left + x(dateOf(hovered.date)) + 10), top: MARGIN.top + 4 }}>
          <div>{formatDate(hovered.date)}</div>
          <strong>{formatMoney(hovered.price)}</strong>
          <div>{countOf(hovered.volume, 'sale')}</div>
        </Tip>
      )}
      <figcaption>{summary}</figcaption>
    </Wrap>
  );
}
