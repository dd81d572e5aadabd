import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { sneakerQueries, type PredictionSummary } from './api.ts';
import { shouldRetry } from '../../api/retry.ts';
import { ForecastChart } from '../../ui/charts/lazy.tsx';
import type { ForecastInput } from '../../ui/charts/ForecastChart.tsx';
import { Badge, Card, CardTitle, Change, ErrorState, Muted, Skeleton, formatMoney } from '../../ui/index.ts';
import { Locked } from './Locked.tsx';
import { isPremiumLocked, predictionErrorText, rangeLabelOf, salesOfDays, sizeBasisText, trackRecordText, volatilityLabelOf } from './detail-logic.ts';
import { DAY_MS, utcDay } from '@kicksight/contracts/time';
import { cssVar } from '../../theme/cssVars.ts';
import { useDeferredQuery } from '../../api/deferred-query.ts';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 12px;
  margin: 0 0 16px;
  div { display: flex; flex-direction: column; gap: 2px; }
  dt { font-size: 12px; color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; font-size: 18px; font-weight: 700; font-variant-numeric: tabular-nums; }
`;

const Warnings = styled.ul`
  margin: 12px 0 0;
  padding-left: 20px;
  color: ${cssVar.colors.warning};
  font-size: 13px;
`;

const DIRECTION: Record<string, { label: string; tone: string }> = { up: { label: 'Up', tone: 'green' }, down: { label: 'Down', tone: 'red' } };

const chartInputOf = (summary: PredictionSummary): ForecastInput => ({
  history: summary.history.map((h) => ({ date: h.date, price: h.averagePrice })),
  path: summary.path,
});

function sampleForecast(base: number): ForecastInput {
  const day = (i: number) => utcDay(Date.UTC(2025, 0, 1) + i * DAY_MS);
  const history = Array.from({ length: 20 }, (_, i) => ({ date: day(i), price: Math.round(base * (1 + Math.sin(i / 3) * 0.04)) }));
  const path = Array.from({ length: 30 }, (_, i) => {
    const price = Math.round(base * (1 + i * 0.002));
    const w = (level: number) => Math.round(base * 0.01 * level * Math.sqrt(i + 1) * 0.1);
    return { date: day(20 + i), price, bands: { '50': { lower: price - w(4), upper: price + w(4) }, '80': { lower: price - w(8), upper: price + w(8) }, '95': { lower: price - w(12), upper: price + w(12) } } };
  });
  return { history, path };
}

const Note = styled.p`
  margin: 12px 0 0;
  font-size: 13px;
  color: ${cssVar.colors.textMuted};
`;

/** How the forecasts of this sneaker (or size) did over the past year, in plain words; nothing while it loads or if it fails. */
function TrackRecord({ sneakerId, size }: { sneakerId: string; size: number | null }) {
  const record = useQuery(sneakerQueries.forecastAccuracy(sneakerId, size));
  if (!record.data) return null;
  return <Note data-testid="forecast-track-record">{trackRecordText(record.data)}</Note>;
}

function Insights({ summary, sneakerId, size }: { summary: PredictionSummary; sneakerId: string; size: number | null }) {
  // The sales of the size the forecast is for (every size for the overview), counted by the server per day.
  const recent = useQuery({
    ...sneakerQueries.dailySales(sneakerId, 30, size),
    retry: (failures, error) => shouldRetry(failures, error, 1),
    select: (data) => salesOfDays(data.dailySales),
  });
  const recentCount = recent.data ?? null;
  const direction = DIRECTION[summary.predictedDirection] ?? { label: 'Stable', tone: 'gray' };
  return (
    <>
      <Figures>
        <div>
          <dt>Predicted price (30 days)</dt>
          <dd>{formatMoney(summary.predictedPrice)}</dd>
        </div>
        <div>
          <dt>Expected change</dt>
          <dd>
            <Change cents={summary.expectedChange} percent={summary.expectedChangePercent} />
          </dd>
        </div>
        <div>
          <dt>Direction</dt>
          <dd>
            <Badge $tone={direction.tone}>{direction.label}</Badge>
          </dd>
        </div>
        <div>
          <dt>Confidence</dt>
          <dd>{Math.round(summary.confidence)}%</dd>
        </div>
        <div>
          <dt>Price range ({rangeLabelOf(summary.confidence, summary.predictedPrice, summary.priceRange)})</dt>
          <dd>
            {formatMoney(summary.priceRange.min)} – {formatMoney(summary.priceRange.max)}
          </dd>
        </div>
        {summary.volatility && (
          <div>
            <dt>Volatility</dt>
            <dd>
              <Badge $tone={summary.volatility.score < 20 ? 'green' : summary.volatility.score < 50 ? 'orange' : 'red'}>{volatilityLabelOf(summary.volatility.score)}</Badge>
            </dd>
          </div>
        )}
        {recentCount !== null && (
          <div>
            <dt>Sales in the last 30 days</dt>
            <dd>{recentCount}</dd>
          </div>
        )}
      </Figures>
      {summary.path.length > 0 && summary.history.length > 0 ? (
        <ForecastChart {...chartInputOf(summary)} height={360} label="30-day price forecast" />
      ) : (
        <Muted>Insufficient historical data for forecast visualization</Muted>
      )}
      {summary.sizeBasis && <Note data-testid="forecast-size-basis">{sizeBasisText(summary.sizeBasis, summary.model.fitWindowDays)}</Note>}
      {summary.warnings.length > 0 && (
        <Warnings aria-label="Warnings">
          {summary.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </Warnings>
      )}
    </>
  );
}

/**
 * The AI forecast of every size (`size` null) or of the size chosen: a 30-day path with 50/80/95% bands, the
 * insight figures and the forecasts' track record, or a locked teaser for trial members.
 */
export function ForecastPanel({ sneakerId, size = null, locked, basePrice }: { sneakerId: string; size?: number | null; locked: boolean; basePrice: number }) {
  const prediction = useDeferredQuery({ ...sneakerQueries.predictionSummary(sneakerId, size), enabled: !locked });
  const showLocked = locked || isPremiumLocked(prediction.error);
  return (
    <Card aria-labelledby="forecast-heading">
      <CardTitle id="forecast-heading">AI Price Forecast</CardTitle>
      {showLocked ? (
        <Locked
          title="AI Price Forecast"
          text="Unlock 30-day price predictions with confidence bands, expected change and risk with Pro or Expert."
          note="30-day money-back guarantee"
        >
          <ForecastChart {...sampleForecast(basePrice || 20_000)} height={320} label="Sample forecast" />
        </Locked>
      ) : prediction.isPending ? (
        <Skeleton $h={360} />
      ) : prediction.isError ? (
        <ErrorState title="Forecast unavailable" message={predictionErrorText(prediction.error)} />
      ) : (
        <>
          <Insights summary={prediction.data} sneakerId={sneakerId} size={size} />
          <TrackRecord sneakerId={sneakerId} size={size} />
        </>
      )}
    </Card>
  );
}
