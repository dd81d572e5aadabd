import type { ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { formatDate, formatMoney } from '../format.ts';
import { CHART_MARGIN, ChartTip } from './frame.ts';

/** Room kept for the tooltip at the right edge. */
const TIP_WIDTH = 170;

/** The soft accent gradient under a line, by id (fill an area with `url(#id)`). */
export function AreaGradient({ id }: { id: string }) {
  const theme = useTheme();
  return (
    <defs>
      <linearGradient id={id} x1="0" x2="0" y1="0" y2="1">
        <stop offset="0%" stopColor={theme.colors.accent} stopOpacity={0.3} />
        <stop offset="100%" stopColor={theme.colors.accent} stopOpacity={0.02} />
      </linearGradient>
    </defs>
  );
}

/** The hovered day: a dashed rule the height of the chart and a dot on the line. */
export function Crosshair({ x, y, height }: { x: number; y: number; height: number }) {
  const theme = useTheme();
  return (
    <g>
      <line x1={x} x2={x} y1={0} y2={height} stroke={theme.colors.textMuted} strokeDasharray="3 3" />
      <circle cx={x} cy={y} r={4} fill={theme.colors.accent} stroke={theme.colors.surface} strokeWidth={2} />
    </g>
  );
}

/** The hovered day's tooltip beside the crosshair: the date, the figure, and a line of detail. */
export function DayTip({ x, chartWidth, date, figure, children }: { x: number; chartWidth: number; date: string; figure: number; children: ReactNode }) {
  return (
    <ChartTip style={{ left: Math.min(chartWidth - TIP_WIDTH, CHART_MARGIN.left + x + 10), top: CHART_MARGIN.top + 4 }}>
      <div>{formatDate(date)}</div>
      <strong>{formatMoney(figure)}</strong>
      <div>{children}</div>
    </ChartTip>
  );
}
