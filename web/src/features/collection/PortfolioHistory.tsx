import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import styled from 'styled-components';
import { PortfolioChart } from '../../ui/charts/lazy.tsx';
import { Button, Card, CardTitle, Change, ErrorState, Muted, Skeleton, Stack, Toolbar, formatMoney } from '../../ui/index.ts';
import { PORTFOLIO_RANGES, collectionQueries, type PortfolioRange } from './api.ts';
import { useDeferredQuery } from '../../api/deferred-query.ts';

const RANGE_LABELS: Record<PortfolioRange, string> = { '30d': '30D', '90d': '90D', '1y': '1Y' };
const CHART_HEIGHT = 260;

const Figure = styled.strong`
  font-size: 28px;
  font-variant-numeric: tabular-nums;
`;

/** Portfolio Value: the collection's daily valuations as a chart over 30 days, 90 days or a year. */
export function PortfolioHistory() {
  const [range, setRange] = useState<PortfolioRange>('30d');
  const history = useDeferredQuery({ ...collectionQueries.portfolioHistory(range), placeholderData: keepPreviousData });
  const data = history.data;

  return (
    <Card aria-labelledby="portfolio-title" aria-busy={history.isFetching} style={{ marginBottom: 24 }}>
      <Toolbar $spread>
        <div>
          <CardTitle id="portfolio-title">Portfolio Value</CardTitle>
          {data && (
            <Stack $row $gap={2} $align="baseline" $wrap>
              <Figure>{formatMoney(data.current.totalValue)}</Figure>
              {data.points.length > 1 && (
                <span>
                  <Change cents={data.change} percent={data.changePercent} /> <Muted>over {RANGE_LABELS[range]}</Muted>
                </span>
              )}
            </Stack>
          )}
        </div>
        <div role="group" aria-label="Portfolio range">
          {PORTFOLIO_RANGES.map((key) => (
            <Button key={key} type="button" $size="sm" $variant={range === key ? 'primary' : 'secondary'} aria-pressed={range === key} onClick={() => setRange(key)}>
              {RANGE_LABELS[key]}
            </Button>
          ))}
        </div>
      </Toolbar>
      {history.isPending && <Skeleton $h={CHART_HEIGHT} aria-label="Loading the portfolio history" />}
      {history.isError && !data && <ErrorState title="Portfolio history unavailable" message={history.error.message} onRetry={() => void history.refetch()} />}
      {data && <PortfolioChart points={data.points} height={CHART_HEIGHT} label="Collection value" />}
    </Card>
  );
}
