import { scaleLinear, scaleUtc } from 'd3';
import styled from 'styled-components';
import { cssVar } from '../../theme/cssVars.ts';

/** The chart's figure: the drawing, its muted labels and its caption (the text summary). */
export const ChartFigure = styled.figure`
  position: relative;
  margin: 0;
  width: 100%;
  figcaption { font-size: 13px; color: ${cssVar.colors.textMuted}; margin-top: 6px; }
  svg { display: block; overflow: visible; }
  text { fill: ${cssVar.colors.textMuted}; font-size: 11px; font-variant-numeric: tabular-nums; }
`;

/** The crosshair's tooltip. */
export const ChartTip = styled.div`
  position: absolute;
  pointer-events: none;
  background: ${cssVar.colors.surfaceRaised};
  border: 1px solid ${cssVar.colors.border};
  border-radius: 8px;
  padding: 6px 10px;
  font-size: 12px;
  white-space: nowrap;
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.15);
  font-variant-numeric: tabular-nums;
`;

/** Room for the money axis on the left and the dates below. */
export const CHART_MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };

/** A day (YYYY-MM-DD, or an ISO time) as midnight UTC. */
export const dateOf = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/**
 * The scales of a chart of days: dates from the first to the last day across the inner width, money from
 * `lo` to `hi` (padded by a tenth, at least `least`, never below 0) up the inner height.
 */
export function dayScales({ days, lo, hi, least, width, height }: { days: [string, string]; lo: number; hi: number; least: number; width: number; height: number }) {
  const innerW = Math.max(10, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerH = height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const x = scaleUtc()
    .domain([dateOf(days[0]), dateOf(days[1])])
    .range([0, innerW]);
  const pad = Math.max(least, (hi - lo) * 0.1);
  const y = scaleLinear()
    .domain([Math.max(0, lo - pad), hi + pad])
    .nice()
    .range([innerH, 0]);
  return { innerW, innerH, x, y };
}
