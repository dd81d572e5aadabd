import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from '../states.tsx';

/** Room for the caption (the text summary) below a chart's drawing. */
const CAPTION_PX = 28;

/**
 * A chart whose code (d3 with it) loads in its own chunk once a page first draws it, so the pages that show charts
 * below their first screen parse none of it up front; a skeleton of the chart's size holds its place meanwhile.
 */
function lazyChart<P extends { height: number }>(load: () => Promise<ComponentType<P>>) {
  const Chart = lazy(() => load().then((chart) => ({ default: chart })));
  return function LazyChart(props: P) {
    return (
      <Suspense fallback={<Skeleton $h={props.height + CAPTION_PX} aria-hidden="true" />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const PortfolioChart = lazyChart(() => import('./PortfolioChart.tsx').then((m) => m.PortfolioChart));
export const SalesHistoryChart = lazyChart(() => import('./SalesHistoryChart.tsx').then((m) => m.SalesHistoryChart));
export const ForecastChart = lazyChart(() => import('./ForecastChart.tsx').then((m) => m.ForecastChart));
