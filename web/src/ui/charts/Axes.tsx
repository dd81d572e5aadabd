import type { ScaleLinear, ScaleTime } from 'd3';
import { useTheme } from 'styled-components';
import { formatMoney } from '../format.ts';
import { timeTicksOf } from './time-ticks.ts';

/** Money gridlines on the left and dates along the bottom (days or months, by the span shown), fitted to the width. */
export function Axes({ x, y, width, height }: { x: ScaleTime<number, number>; y: ScaleLinear<number, number>; width: number; height: number }) {
  const theme = useTheme();
  const [start, end] = x.domain() as [Date, Date];
  return (
    <>
      {y.ticks(5).map((tick) => (
        <g key={tick} transform={`translate(0,${y(tick)})`}>
          <line x1={0} x2={width} stroke={theme.colors.border} strokeDasharray="2 3" />
          <text x={-8} dy="0.32em" textAnchor="end">
            {formatMoney(tick)}
          </text>
        </g>
      ))}
      <g data-axis="time">
        {timeTicksOf([start, end], width).map((tick) => (
          <text key={tick.date.toISOString()} x={x(tick.date)} y={height + 18} textAnchor="middle">
            {tick.label}
          </text>
        ))}
      </g>
    </>
  );
}
