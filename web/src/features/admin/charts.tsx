import { useMemo } from 'react';
import { max, scaleBand, scaleLinear, line as d3line } from 'd3';
import styled, { useTheme } from 'styled-components';
import { cssVar } from '../../theme/cssVars.ts';
import { formatCount } from '../../ui/index.ts';

const WIDTH = 640;
const HEIGHT = 240;
const M = { top: 12, right: 12, bottom: 28, left: 48 };

const Svg = styled.svg`
  width: 100%;
  height: auto;
  display: block;
  text { fill: ${cssVar.colors.textMuted}; font-size: 11px; }
`;
const Summary = styled.p`
  margin: 8px 0 0;
  font-size: 13px;
  color: ${cssVar.colors.textMuted};
`;

interface Datum {
  label: string;
  value: number;
}

function Frame({ title, summary, children, empty, height = HEIGHT }: { title: string; summary: string; children: React.ReactNode; empty: boolean; height?: number }) {
  if (empty) return <Summary>Not enough data to draw {title.toLowerCase()} yet.</Summary>;
  return (
    <figure style={{ margin: 0 }}>
      <Svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={title}>
        <title>{title}</title>
        {children}
      </Svg>
      <Summary>{summary}</Summary>
    </figure>
  );
}

function YAxis({ ticks, y, format }: { ticks: number[]; y: (v: number) => number; format: (v: number) => string }) {
  const theme = useTheme();
  return (
    <g>
      {ticks.map((t) => (
        <g key={t} transform={`translate(0,${y(t)})`}>
          <line x1={M.left} x2={WIDTH - M.right} stroke={theme.colors.border} />
          <text x={M.left - 6} dy="0.32em" textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Vertical bars, one per datum, drawn with d3 scales; values and axis read as counts unless `format` says otherwise. */
export function BarChart({ title, data, format = formatCount, summary }: { title: string; data: Datum[]; format?: (v: number) => string; summary: string }) {
  const theme = useTheme();
  const { x, y } = useMemo(() => {
    const x = scaleBand<string>().domain(data.map((d) => d.label)).range([M.left, WIDTH - M.right]).padding(0.25);
    const y = scaleLinear().domain([0, Math.max(1, max(data, (d) => d.value) ?? 0)]).nice().range([HEIGHT - M.bottom, M.top]);
    return { x, y };
  }, [data]);
  return (
    <Frame title={title} summary={summary} empty={data.length === 0}>
      <YAxis ticks={y.ticks(4)} y={y} format={format} />
      {data.map((d) => (
        <g key={d.label}>
          <rect x={x(d.label)} y={y(d.value)} width={x.bandwidth()} height={Math.max(0, y(0) - y(d.value))} fill={theme.colors.accent} rx={3}>
            <title>{`${d.label}: ${format(d.value)}`}</title>
          </rect>
          <text x={(x(d.label) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle">
            {d.label}
          </text>
        </g>
      ))}
    </Frame>
  );
}

const ROW = 28;
const LABEL_WIDTH = 168;
const CHAR_WIDTH = 6.5;

/** A label cut to the room it has (the full label stays in the bar's title). */
const fitLabel = (label: string, room: number) => {
  const chars = Math.floor(room / CHAR_WIDTH);
  return label.length <= chars ? label : `${label.slice(0, Math.max(1, chars - 1))}…`;
};

/**
 * Horizontal bars, one row per datum with its label on the left: long labels (feature names) stay on their
 * own line however many there are, where the vertical chart's labels would run into each other.
 */
export function HorizontalBarChart({ title, data, format = formatCount, summary }: { title: string; data: Datum[]; format?: (v: number) => string; summary: string }) {
  const theme = useTheme();
  const height = M.top + data.length * ROW + 8;
  const { x, y } = useMemo(() => {
    const y = scaleBand<string>().domain(data.map((d) => d.label)).range([M.top, M.top + data.length * ROW]).padding(0.25);
    const x = scaleLinear().domain([0, Math.max(1, max(data, (d) => d.value) ?? 0)]).range([LABEL_WIDTH, WIDTH - M.right - 48]);
    return { x, y };
  }, [data]);
  return (
    <Frame title={title} summary={summary} empty={data.length === 0} height={height}>
      {data.map((d) => {
        const top = y(d.label) ?? 0;
        return (
          <g key={d.label}>
            <text x={LABEL_WIDTH - 8} y={top + y.bandwidth() / 2} dy="0.32em" textAnchor="end">
              {fitLabel(d.label, LABEL_WIDTH - 12)}
            </text>
            <rect x={LABEL_WIDTH} y={top} width={Math.max(0, x(d.value) - LABEL_WIDTH)} height={y.bandwidth()} fill={theme.colors.accent} rx={3}>
              <title>{`${d.label}: ${format(d.value)}`}</title>
            </rect>
            <text x={x(d.value) + 6} y={top + y.bandwidth() / 2} dy="0.32em">
              {format(d.value)}
            </text>
          </g>
        );
      })}
    </Frame>
  );
}

/** A line over ordered points, drawn with d3; values and axis read as counts unless `format` says otherwise. */
export function LineChart({ title, data, format = formatCount, summary }: { title: string; data: Datum[]; format?: (v: number) => string; summary: string }) {
  const theme = useTheme();
  const { x, y, path } = useMemo(() => {
    const x = scaleBand<string>().domain(data.map((d) => d.label)).range([M.left, WIDTH - M.right]).padding(0.5);
    const y = scaleLinear().domain([0, Math.max(1, max(data, (d) => d.value) ?? 0)]).nice().range([HEIGHT - M.bottom, M.top]);
    const path = d3line<Datum>()
      .x((d) => (x(d.label) ?? 0) + x.bandwidth() / 2)
      .y((d) => y(d.value))(data);
    return { x, y, path };
  }, [data]);
  return (
    <Frame title={title} summary={summary} empty={data.length === 0}>
      <YAxis ticks={y.ticks(4)} y={y} format={format} />
      <path d={path ?? ''} fill="none" stroke={theme.colors.accent} strokeWidth={2.5} />
      {data.map((d) => (
        <g key={d.label}>
          <circle cx={(x(d.label) ?? 0) + x.bandwidth() / 2} cy={y(d.value)} r={4} fill={theme.colors.accent}>
            <title>{`${d.label}: ${format(d.value)}`}</title>
          </circle>
          <text x={(x(d.label) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle">
            {d.label}
          </text>
        </g>
      ))}
    </Frame>
  );
}
