import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, CardTitle, Change, ErrorState, InlineError, Muted, PageHeader, Skeleton, Stack, countOf, formatMoney } from '../../ui/index.ts';
import { METRICS_FAILED, collectionQueries, type TrendingSneaker } from './api.ts';
import { UrgencyBadge } from '../upgrade-prompt/index.ts';
import { useSession } from '../../session/index.ts';
import { recordsSales } from './ledger-access.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Cards = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
`;
const Two = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
`;
const Figure = styled.strong`
  display: block;
  font-size: 28px;
  font-variant-numeric: tabular-nums;
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid ${cssVar.colors.border}; }
  a { color: inherit; }
`;

function Metric({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <Muted>{label}</Muted>
      <Figure>{value}</Figure>
      {hint && <Muted>{hint}</Muted>}
    </Card>
  );
}

function SneakerRow({ sneaker }: { sneaker: TrendingSneaker }) {
  return (
    <li>
      <span>
        <Link to={`/admin/product/${encodeURIComponent(sneaker.id)}`}>{sneaker.name}</Link> <Muted>{sneaker.brand}</Muted>
      </span>
      <span>
        {formatMoney(sneaker.currentPrice)} <Change cents={sneaker.priceChange24h ?? 0} />
      </span>
    </li>
  );
}

function QuickMetrics() {
  const quick = useQuery(collectionQueries.quickMetrics());
  if (quick.isPending)
    return (
      <Cards aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} $h={96} />
        ))}
      </Cards>
    );
  if (quick.isError || !quick.data) return <ErrorState message={METRICS_FAILED} onRetry={() => void quick.refetch()} />;
  const q = quick.data;
  // A figure the BFF could not compute shows as a dash, the others still show.
  const count = (n: number | null) => (n === null ? '—' : String(n));
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));
  return (
    <Cards>
      <Metric label="Collection Items" value={count(q.collectionCount)} />
      <Metric label="Collection Value" value={money(q.collectionValue)} />
      <Metric label="Searches This Month" value={count(q.searchesThisMonth)} />
      <Metric label="Potential Savings" value={money(q.potentialSavings)} hint="From your price alerts" />
    </Cards>
  );
}

/** The year's realised gain from the ledger (paid plans keep one). */
function RealisedGainThisYear() {
  const year = new Date().getUTCFullYear();
  const gain = useQuery(collectionQueries.realisedGain(year));
  if (gain.isPending) return <Skeleton $h={48} />;
  if (gain.isError) return <InlineError message={gain.error.message} onRetry={() => void gain.refetch()} />;
  return (
    <div aria-label="Realised gain this year">
      <Muted>Realised gain in {year}</Muted>
      <Figure>
        <Change cents={gain.data.realisedGain} />
      </Figure>
      <Muted>
        {countOf(gain.data.sales, 'pair')} sold · <Link to="/admin/sales">See your sales</Link>
      </Muted>
    </div>
  );
}

function ValueMetricsCard() {
  const { tier } = useSession();
  const metrics = useQuery(collectionQueries.valueMetrics());
  return (
    <Card aria-labelledby="value-title">
      <CardTitle id="value-title">Your Kicksight Value</CardTitle>
      {metrics.isPending && <Skeleton $h={120} />}
      {(metrics.isError || (metrics.isSuccess && (!metrics.data || !metrics.data.collectionValue || !metrics.data.potentialSavings || !metrics.data.usagePatterns))) && (
        <InlineError message={METRICS_FAILED} onRetry={() => void metrics.refetch()} />
      )}
      {metrics.data && (
        <Stack $gap={3}>
          {metrics.data.collectionValue && (
            <div>
              <Muted>Collection at market value</Muted>
              <Figure>{formatMoney(metrics.data.collectionValue.currentMarketValue)}</Figure>
              <Muted>{countOf(metrics.data.collectionValue.totalItems, 'item')}</Muted>
            </div>
          )}
          {recordsSales(tier) && <RealisedGainThisYear />}
          {metrics.data.potentialSavings && (
            <div>
              <Muted>Potential savings</Muted>
              <Figure>{formatMoney(metrics.data.potentialSavings.totalPotentialValue)}</Figure>
              <Muted>
                {formatMoney(metrics.data.potentialSavings.priceAlertSavings)} from price alerts · {formatMoney(metrics.data.potentialSavings.timeValueSavings)} in time saved
              </Muted>
            </div>
          )}
          {metrics.data.usagePatterns && (
            <Muted>
              {countOf(metrics.data.usagePatterns.searchesThisMonth, 'search', 'searches')} this month, {Number(metrics.data.usagePatterns.averageSearchesPerDay.toFixed(1))} a day
            </Muted>
          )}
          {metrics.data.upgradeRecommendation && (
            <div>
              <Stack $row $gap={2} $align="center">
                <strong>{metrics.data.upgradeRecommendation.primaryBenefit}</strong>
                <UrgencyBadge urgency={metrics.data.upgradeRecommendation.urgency} />
              </Stack>
              <ul style={{ margin: '8px 0', paddingLeft: 18 }}>
                {metrics.data.upgradeRecommendation.secondaryBenefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
              <Button as={Link} to="/admin/upgrade" $size="sm">
                See plans
              </Button>
            </div>
          )}
        </Stack>
      )}
    </Card>
  );
}

function MarketOverviewCard() {
  const market = useQuery(collectionQueries.marketOverview());
  return (
    <Card aria-labelledby="market-title">
      <CardTitle id="market-title">Market Overview</CardTitle>
      {market.isPending && <Skeleton $h={160} />}
      {market.isError && (
        <InlineError message={market.error.message} onRetry={() => void market.refetch()} />
      )}
      {market.data && (
        <Stack $gap={3}>
          <Cards>
            <div>
              <Muted>Sneakers tracked</Muted>
              <Figure>{market.data.totalSneakers.toLocaleString('en-US')}</Figure>
            </div>
            <div>
              <Muted>Average price</Muted>
              <Figure>{formatMoney(market.data.averagePrice)}</Figure>
            </div>
            <div>
              <Muted>Sales recorded</Muted>
              <Figure>{market.data.totalSales.toLocaleString('en-US')}</Figure>
            </div>
          </Cards>
          <Two>
            <div>
              <strong>Top gainers</strong>
              <List>
                {market.data.gainers.slice(0, 5).map((s) => (
                  <SneakerRow key={s.id} sneaker={s} />
                ))}
              </List>
            </div>
            <div>
              <strong>Top losers</strong>
              <List>
                {market.data.losers.slice(0, 5).map((s) => (
                  <SneakerRow key={s.id} sneaker={s} />
                ))}
              </List>
            </div>
          </Two>
        </Stack>
      )}
    </Card>
  );
}

function TrendingCard() {
  const trending = useQuery(collectionQueries.trending());
  return (
    <Card aria-labelledby="trending-title">
      <CardTitle id="trending-title">Trending Now</CardTitle>
      {trending.isPending && <Skeleton $h={160} />}
      {trending.isError && <ErrorState title="Trending is unavailable" message={trending.error.message} onRetry={() => void trending.refetch()} />}
      {trending.data && trending.data.length === 0 && <Muted>Nothing is trending right now.</Muted>}
      {trending.data && trending.data.length > 0 && (
        <List>
          {trending.data.slice(0, 10).map((s) => (
            <SneakerRow key={s.id} sneaker={s} />
          ))}
        </List>
      )}
    </Card>
  );
}

/** The market and what Kicksight is worth to the member, shown under the collection (the dashboard route leads there). */
export function MarketInsights() {
  return (
    <Stack $gap={4} as="section" aria-labelledby="insights-title">
      <h2 id="insights-title" style={{ margin: 0 }}>
        Market insights
      </h2>
      <Two>
        <ValueMetricsCard />
        <TrendingCard />
      </Two>
      <MarketOverviewCard />
    </Stack>
  );
}

/** The dashboard's data (spec 2 §3, §7): quick and value metrics, the market overview and what is trending. */
export default function DashboardPage() {
  return (
    <Stack $gap={5}>
      <PageHeader>
        <div>
          <h1>Dashboard</h1>
          <p>Your collection and the market at a glance.</p>
        </div>
      </PageHeader>
      <QuickMetrics />
      <Two>
        <ValueMetricsCard />
        <TrendingCard />
      </Two>
      <MarketOverviewCard />
    </Stack>
  );
}
