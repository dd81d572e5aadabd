import { useMemo, useState } from 'react';
import { max, min, scaleBand, scaleLinear, stack, stackOffsetDiverging } from 'd3';
import { useTheme } from 'styled-components';
import { formatMoney } from '../format.ts';
import { CHART_MARGIN as MARGIN, ChartFigure, ChartTip } from './frame.ts';
import { monthLabel, monthlyGainSummary, type MonthGain } from './summaries.ts';
import { useWidth } from './useWidth.ts';

export interface GainSeries {
  key: string;
  label: string;
  color: string;
}

const TIP_WIDTH = 170;

/**
 * Realised gain by month as bars stacked by series (a platform each): gains above the zero line, losses
 * below it; hovering a month shows its total and each series' part. Says so when there is nothing to draw.
 */
export function MonthlyGainChart({ months, series, height, label }: { months: MonthGain[]; series: GainSeries[]; height: number; label: string }) {
  const theme = useTheme();
  const { ref, width } = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<string | null>(null);
  const summary = monthlyGainSummary(months);

  const model = useMemo(() => {
    if (!months.some((m) => m.parts.some((part) => part.value !== 0))) return null;
    const innerW = Math.max(10, width - MARGIN.left - MARGIN.right);
    const innerH = height - MARGIN.top - MARGIN.bottom;
    const rows = months.map((m) => ({ month: m.month, ...Object.fromEntries(series.map((s) => [s.key, m.parts.find((part) => part.key === s.key)?.value ?? 0])) }));
    const layers = stack<Record<string, number | string>>()
      .keys(series.map((s) => s.key))
      .value((row, key) => Number(row[key] ?? 0))
      .offset(stackOffsetDiverging)(rows);
    const lo = Math.min(0, min(layers, (layer) => min(layer, (d) => d[0])) ?? 0);
    const hi = Math.max(0, max(layers, (layer) => max(layer, (d) => d[1])) ?? 0);
    const x = scaleBand<string>().domain(months.map((m) => m.month)).range([0, innerW]).padding(0.25);
    const y = scaleLinear().domain([lo, hi || 1]).nice().range([innerH, 0]);
    return { innerW, innerH, layers, x, y };
  }, [months, series, width, height]);

  if (!model)
    return (
      <ChartFigure ref={ref} role="img" aria-label={`${label}: ${summary}`}>
        <p>{summary}</p>
      </ChartFigure>
    );

  const { innerW, innerH, layers, x, y } = model;
  const hovered = months.find((m) => m.month === hover);
  const narrow = x.bandwidth() < 28;
  return (
    <ChartFigure ref={ref}>
      <svg width={width} height={height} role="img" aria-label={`${label}: ${summary}`}>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {y.ticks(5).map((tick) => (
            <g key={tick} transform={`translate(0,${y(tick)})`}>
              <line x1={0} x2={innerW} stroke={tick === 0 ? theme.colors.textMuted : theme.colors.border} strokeDasharray={tick === 0 ? undefined : '2 3'} />
              <text x={-8} dy="0.32em" textAnchor="end">
                {formatMoney(tick)}
              </text>
            </g>
          ))}
          {layers.map((layer, index) => (
            <g key={layer.key} fill={series[index]!.color} data-series={layer.key}>
              {layer.map((d) => (
                <rect key={String(d.data.month)} x={x(String(d.data.month))} y={y(Math.max(d[0], d[1]))} width={x.bandwidth()} height={Math.abs(y(d[0]) - y(d[1]))} rx={2} />
              ))}
            </g>
          ))}
          {months.map((m, index) => (
            <text key={m.month} x={(x(m.month) ?? 0) + x.bandwidth() / 2} y={innerH + 18} textAnchor="middle">
              {narrow && index % 3 !== 0 ? '' : monthLabel(m.month)}
            </text>
          ))}
          {months.map((m) => (
            <rect
              key={m.month}
              data-month={m.month}
              x={(x(m.month) ?? 0) - (x.step() - x.bandwidth()) / 2}
              width={x.step()}
              height={innerH}
              fill={m.month === hover ? theme.colors.textMuted : 'transparent'}
              opacity={m.month === hover ? 0.08 : 1}
              onMouseEnter={() => setHover(m.month)}
              onMouseLeave={() => setHover(null)}
            />
          ))}
        </g>
      </svg>
      {hovered && (
        <ChartTip role="status" style={{ left: Math.min(width - TIP_WIDTH, MARGIN.left + (x(hovered.month) ?? 0) + x.bandwidth() + 6), top: MARGIN.top + 4 }}>
          <div>{monthLabel(hovered.month, true)}</div>
          <strong>{formatMoney(hovered.total)}</strong>
          {series.map((s) => {
            const value = hovered.parts.find((part) => part.key === s.key)?.value ?? 0;
            return value === 0 ? null : (
              <div key={s.key}>
                {s.label}: {formatMoney(value)}
              </div>
            );
          })}
        </ChartTip>
      )}
      <figcaption>
        {summary}
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 4 }} aria-hidden="true">
          {series.map((s) => (
            <span key={s.key}>
              <svg width={10} height={10} style={{ display: 'inline', marginRight: 4 }}>
                <rect width={10} height={10} rx={2} fill={s.color} />
              </svg>
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
    </ChartFigure>
  );
}
