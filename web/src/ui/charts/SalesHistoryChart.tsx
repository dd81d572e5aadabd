import { useId, useMemo, useState, type MouseEvent } from 'react';
import { area, bisector, curveMonotoneX, line, max, min, scaleLinear } from 'd3';
import { useTheme } from 'styled-components';
import { countOf } from '../format.ts';
import { historySummary, type PricePoint } from './summaries.ts';
import { useWidth } from './useWidth.ts';
import { Axes } from './Axes.tsx';
import { AreaGradient, Crosshair, DayTip } from './Crosshair.tsx';
import { CHART_MARGIN as MARGIN, ChartFigure as Wrap, dateOf, dayScales } from './frame.ts';

export type ChartType = 'line' | 'area' | 'combined';

/** Daily average prices as a line, an area, or both with volume bars; a crosshair shows date, price and volume. */
export function SalesHistoryChart({ points, type, days, height, label }: { points: PricePoint[]; type: ChartType; days: number; height: number; label: string }) {
  const theme = useTheme();
  const gradientId = `sales-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { ref, width } = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const summary = historySummary(points, days);

  const model = useMemo(() => {
    if (points.length < 2) return null;
    const lo = min(points, (p) => p.price) ?? 0;
    const hi = max(points, (p) => p.price) ?? 1;
    const { innerW, innerH, x, y } = dayScales({ days: [points[0]!.date, points.at(-1)!.date], lo, hi, least: 1, width, height });
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
        <AreaGradient id={gradientId} />
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <Axes x={x} y={y} width={innerW} height={innerH} />
          {showBars &&
            points.map((p) => (
              <rect key={p.date} x={x(dateOf(p.date)) - barWidth / 2} y={innerH - v(p.volume)} width={barWidth} height={v(p.volume)} fill={theme.colors.neutral} opacity={0.25} />
            ))}
          {showArea && pathArea && <path d={pathArea} fill={`url(#${gradientId})`} />}
          {pathLine && <path d={pathLine} fill="none" stroke={theme.colors.accent} strokeWidth={2} />}
          {hovered && <Crosshair x={x(dateOf(hovered.date))} y={y(hovered.price)} height={innerH} />}
          <rect width={innerW} height={innerH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
        </g>
      </svg>
      {hovered && (
        <DayTip x={x(dateOf(hovered.date))} chartWidth={width} date={hovered.date} figure={hovered.price}>
          {countOf(hovered.volume, 'sale')}
        </DayTip>
      )}
      <figcaption>{summary}</figcaption>
    </Wrap>
  );
}
