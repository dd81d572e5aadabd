import { useId, useMemo, useState, type MouseEvent } from 'react';
import { area, bisector, curveMonotoneX, line, max, min } from 'd3';
import { useTheme } from 'styled-components';
import { formatChange, formatMoney } from '../format.ts';
import { portfolioSummary, type ValuePoint } from './summaries.ts';
import { useWidth } from './useWidth.ts';
import { Axes } from './Axes.tsx';
import { AreaGradient, Crosshair, DayTip } from './Crosshair.tsx';
import { CHART_MARGIN as MARGIN, ChartFigure, dateOf, dayScales } from './frame.ts';

/** The collection's value day by day (a line over a soft area) against what it cost (dashed); a crosshair shows the day. */
export function PortfolioChart({ points, height, label }: { points: ValuePoint[]; height: number; label: string }) {
  const theme = useTheme();
  const gradientId = `portfolio-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { ref, width } = useWidth<HTMLElement>();
  const [hover, setHover] = useState<number | null>(null);
  const summary = portfolioSummary(points);

  const model = useMemo(() => {
    if (points.length < 2) return null;
    const lo = Math.min(min(points, (p) => p.totalValue) ?? 0, min(points, (p) => p.totalCost) ?? 0);
    const hi = Math.max(max(points, (p) => p.totalValue) ?? 1, max(points, (p) => p.totalCost) ?? 1);
    const { innerW, innerH, x, y } = dayScales({ days: [points[0]!.date, points.at(-1)!.date], lo, hi, least: 100, width, height });
    const at = (p: ValuePoint) => x(dateOf(p.date));
    const value = line<ValuePoint>().x(at).y((p) => y(p.totalValue)).curve(curveMonotoneX)(points);
    const fill = area<ValuePoint>().x(at).y0(innerH).y1((p) => y(p.totalValue)).curve(curveMonotoneX)(points);
    const cost = line<ValuePoint>().x(at).y((p) => y(p.totalCost))(points);
    return { innerW, innerH, x, y, value, fill, cost };
  }, [points, width, height]);

  if (!model)
    return (
      <ChartFigure ref={ref} role="img" aria-label={`${label}: ${summary}`}>
        <p>{summary}</p>
      </ChartFigure>
    );

  const { innerW, innerH, x, y, value, fill, cost } = model;
  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    setHover(bisector((p: ValuePoint) => dateOf(p.date)).center(points, x.invert(event.clientX - bounds.left)));
  };
  const hovered = hover === null ? null : points[hover];

  return (
    <ChartFigure ref={ref}>
      <svg width={width} height={height} role="img" aria-label={`${label}: ${summary}`}>
        <AreaGradient id={gradientId} />
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <Axes x={x} y={y} width={innerW} height={innerH} />
          {fill && <path d={fill} fill={`url(#${gradientId})`} />}
          {cost && <path d={cost} fill="none" stroke={theme.colors.neutral} strokeWidth={1.5} strokeDasharray="5 4" data-series="cost" />}
          {value && <path d={value} fill="none" stroke={theme.colors.accent} strokeWidth={2} data-series="value" />}
          {hovered && <Crosshair x={x(dateOf(hovered.date))} y={y(hovered.totalValue)} height={innerH} />}
          <rect width={innerW} height={innerH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
        </g>
      </svg>
      {hovered && (
        <DayTip x={x(dateOf(hovered.date))} chartWidth={width} date={hovered.date} figure={hovered.totalValue}>
          Cost {formatMoney(hovered.totalCost)} · {formatChange(hovered.totalValue - hovered.totalCost)}
        </DayTip>
      )}
      <figcaption>{summary}</figcaption>
    </ChartFigure>
  );
}
