import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, CardTitle, Muted, Stack } from '../../ui/index.ts';
import type { MetricCard } from '@kicksight/contracts';
import { useDemoData } from './demo-context.ts';
import { Change, Grid, demoAction, money, signed } from './DemoParts.tsx';

const Big = styled.strong`
  font-size: 40px;
  font-variant-numeric: tabular-nums;
`;

function Metric({ card }: { card: MetricCard }) {
  return (
    <Card>
      <Stack $gap={1}>
        <Muted>
          <span aria-hidden="true">{card.icon}</span> {card.label}
        </Muted>
        <strong style={{ fontSize: 24, fontVariantNumeric: 'tabular-nums' }}>
          {card.prefix}
          {card.value.toLocaleString('en-US')}
          {card.suffix}
        </strong>
        {card.changeType === 'neutral' ? <Muted>No change</Muted> : <Change $up={card.changeType === 'positive'}>{signed(card.change)}</Change>}
        <Muted>{card.description}</Muted>
      </Stack>
    </Card>
  );
}

/** Demo dashboard: portfolio value, quick actions, market pulse and analytics. */
export function DemoDashboard({ professional = false }: { professional?: boolean }) {
  const [expanded, setExpanded] = useState(professional);
  const { collection, marketPulse, metrics } = useDemoData();
  const total = collection.reduce((sum, i) => sum + i.currentPrice, 0);
  const cost = collection.reduce((sum, i) => sum + i.purchasePrice, 0);
  const gain = Math.round(((total - cost) / cost) * 1000) / 10;
  const base = professional ? '/demo/professional' : '/demo';
  return (
    <Stack $gap={5}>
      <Card aria-label="Total portfolio value">
        <Muted>Total Portfolio Value</Muted>
        <div>
          <Big>{money(total)}</Big> <Change $up={gain >= 0}>{signed(gain)}</Change>
        </div>
        <Muted>{collection.length} pairs · paid {money(cost)}</Muted>
      </Card>
      <Card aria-labelledby="quick-actions">
        <CardTitle id="quick-actions">Quick Actions</CardTitle>
        <Stack $row $wrap $gap={2}>
          <Button as={Link} to={professional ? `${base}-search` : `${base}/search`}>
            Search Sneakers
          </Button>
          <Button as={Link} to={professional ? `${base}-portfolio` : `${base}/collection`} $variant="secondary">
            View Collection
          </Button>
          <Button type="button" $variant="secondary" onClick={() => demoAction('Add sneaker')}>
            Add Sneaker
          </Button>
          <Button type="button" $variant="ghost" onClick={() => demoAction('Export report')}>
            Export Report
          </Button>
        </Stack>
      </Card>
      <Card aria-labelledby="market-pulse">
        <CardTitle id="market-pulse">Market Pulse</CardTitle>
        <ul style={{ margin: 0, paddingLeft: 18, display: 'grid', gap: 6 }}>
          {marketPulse.map((m) => (
            <li key={m.name}>
              {m.name} <Change $up={m.change >= 0}>{signed(m.change)}</Change>
            </li>
          ))}
        </ul>
      </Card>
      <section aria-labelledby="analytics">
        <Stack $row $justify="space-between" $align="center">
          <CardTitle id="analytics">Analytics</CardTitle>
          <Button type="button" $size="sm" $variant="ghost" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'Collapse' : 'Expand'}
          </Button>
        </Stack>
        {expanded && (
          <Grid>
            {metrics.map((card) => (
              <Metric key={card.id} card={card} />
            ))}
          </Grid>
        )}
      </section>
    </Stack>
  );
}
