import type { ScaleLinear, ScaleTime } from 'd3';
import { useTheme } from 'styled-components';
import { formatMoney } from '../format.ts';

/** Money gridlines on the left and dates along the bottom, tick counts fitted to the width. */
export function Axes({ x, y, width, height, format }: { x: ScaleTime<number, number>; y: ScaleLinear<number, number>; width: number; height: number; format: (date: Date) => string }) {
  const theme = useTheme();
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
      {x.ticks(Math.max(2, Math.floor(width / 90))).map((tick) => (
        <text key={tick.toISOString()} x={x(tick)} y={height + 18} textAnchor="middle">
          {format(tick)}
        </text>
      ))}
    </>
  );
}
