import { useRef, useState } from 'react';
import styled from 'styled-components';
import { sneakerQueries } from './api.ts';
import { SalesHistoryChart } from '../../ui/charts/lazy.tsx';
import type { ChartType } from '../../ui/charts/SalesHistoryChart.tsx';
import { pricePointsOf, type PricePoint } from '../../ui/charts/summaries.ts';
import { useFullscreen } from '../../ui/charts/useFullscreen.ts';
import { useHeight } from '../../ui/charts/useWidth.ts';
import { Button, Card, CardTitle, ErrorState, ExpandIcon, Modal, Skeleton, Toolbar } from '../../ui/index.ts';
import { Locked } from './Locked.tsx';
import { isPremiumLocked } from './detail-logic.ts';
import { useIsMobile } from './useIsMobile.ts';
import { DAY_MS, utcDay } from '@kicksight/contracts/time';
import { cssVar } from '../../theme/cssVars.ts';
import { useDeferredQuery } from '../../api/deferred-query.ts';

const RANGES = [
  { label: '7D', days: 7 },
  { label: '30D', days: 30 },
  { label: '90D', days: 90 },
  { label: '1Y', days: 365 },
] as const;
const TYPES: { value: ChartType; label: string }[] = [
  { value: 'line', label: 'Line' },
  { value: 'area', label: 'Area' },
  { value: 'combined', label: 'Combined' },
];

export const chartHeightOf = (mobile: boolean): number => (mobile ? 350 : 400);

/** The chart's caption line below the drawing. */
const CAPTION_PX = 28;
/** Fullscreen, the chart takes the room the controls leave (never less than its usual height). */
export const fullscreenChartHeightOf = (room: number, usual: number): number => Math.max(usual, room - CAPTION_PX);

const Full = styled.div`
  &:fullscreen {
    background: ${cssVar.colors.surface};
    padding: 24px;
    display: flex;
    flex-direction: column;
    height: 100vh;
    box-sizing: border-box;
  }
  &:fullscreen > [data-chart-room] { flex: 1; min-height: 0; }
`;

function samplePoints(base: number, days: number): PricePoint[] {
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: Math.min(days, 30) }, (_, i) => ({
    date: utcDay(start + i * DAY_MS),
    price: Math.round(base * (1 + Math.sin(i / 3) * 0.05 + i * 0.002)),
    volume: 1 + (i % 4),
  }));
}

/** Historical Sales Data: line, area or combined; 7D/30D/90D/1Y; fullscreen, or a modal on mobile. */
export function SalesHistoryPanel({ sneakerId, locked, basePrice }: { sneakerId: string; locked: boolean; basePrice: number }) {
  const [type, setType] = useState<ChartType>('combined');
  const [days, setDays] = useState<number>(30);
  const [modal, setModal] = useState(false);
  const mobile = useIsMobile();
  const full = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(full);
  const { ref: roomRef, height: roomHeight } = useHeight<HTMLDivElement>();
  const sales = useDeferredQuery({ ...sneakerQueries.dailySales(sneakerId, days), enabled: !locked });
  const height = chartHeightOf(mobile);
  const showLocked = locked || isPremiumLocked(sales.error);
  const points = sales.data ? pricePointsOf(sales.data.dailySales) : [];

  const expand = () => {
    if (mobile || !full.current?.requestFullscreen) setModal(true);
    else void full.current.requestFullscreen();
  };

  const controls = (
    <Toolbar $spread>
      <div role="group" aria-label="Chart type">
        {TYPES.map((t) => (
          <Button key={t.value} type="button" $size="sm" $variant={type === t.value ? 'primary' : 'secondary'} aria-pressed={type === t.value} onClick={() => setType(t.value)}>
            {t.label}
          </Button>
        ))}
      </div>
      <div role="group" aria-label="Time range">
        {RANGES.map((r) => (
          <Button key={r.label} type="button" $size="sm" $variant={days === r.days ? 'primary' : 'secondary'} aria-pressed={days === r.days} onClick={() => setDays(r.days)}>
            {r.label}
          </Button>
        ))}
        <Button type="button" $size="sm" $variant="ghost" onClick={expand} aria-label="Show the chart fullscreen">
          <ExpandIcon width={14} height={14} /> Fullscreen
        </Button>
      </div>
    </Toolbar>
  );

  const chart = (h: number) => <SalesHistoryChart points={points} type={type} days={days} height={h} label="Historical sales" />;

  return (
    <Card aria-labelledby="history-heading">
      <CardTitle id="history-heading">Historical Sales Data</CardTitle>
      {showLocked ? (
        <Locked title="Historical Sales Data" text="See every day of sales with Pro or Expert: prices, volumes and trends over a year.">
          <SalesHistoryChart points={samplePoints(basePrice || 20_000, days)} type="combined" days={30} height={height} label="Sample sales" />
        </Locked>
      ) : (
        <Full ref={full}>
          {controls}
          <div data-chart-room ref={roomRef}>
            {sales.isPending && <Skeleton $h={height} />}
            {sales.isError && <ErrorState title="Sales history unavailable" message={sales.error.message} onRetry={() => void sales.refetch()} />}
            {sales.data && chart(fullscreen ? fullscreenChartHeightOf(roomHeight, height) : height)}
          </div>
        </Full>
      )}
      <Modal open={modal} title="Historical Sales Data" onClose={() => setModal(false)} width={960}>
        {controls}
        {chart(height)}
      </Modal>
    </Card>
  );
}
