import styled from 'styled-components';
import type { CollectionStats } from './api.ts';
import { Card, Change, Skeleton, formatMoney } from '../../ui/index.ts';

const SummaryGrid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  margin-bottom: 24px;
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) { grid-template-columns: repeat(2, 1fr); }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: repeat(4, 1fr); }
`;

const Figure = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 6px;
  h2 { font-size: 13px; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
  .value { font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums; }
  .sub { font-size: 13px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Total Value, Total Items, Profit/Loss, Average Value. */
export function SummaryCards({ stats }: { stats: CollectionStats | undefined }) {
  if (!stats)
    return (
      <SummaryGrid aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Figure key={i}>
            <Skeleton $h={12} $w="40%" />
            <Skeleton $h={28} $w="70%" />
          </Figure>
        ))}
      </SummaryGrid>
    );
  return (
    <SummaryGrid>
      <Figure aria-label="Total Value">
        <h2>Total Value</h2>
        <span className="value">{formatMoney(stats.totalValue)}</span>
        <span className="sub">Cost {formatMoney(stats.totalCost)}</span>
      </Figure>
      <Figure aria-label="Total Items">
        <h2>Total Items</h2>
        <span className="value">{stats.totalItems}</span>
        <span className="sub">{stats.totalItems === 1 ? 'pair' : 'pairs'} in your collection</span>
      </Figure>
      <Figure aria-label="Profit/Loss">
        <h2>Profit/Loss</h2>
        <span className="value">
          <Change cents={stats.totalGainLoss} />
        </span>
        <span className="sub">{stats.gainLossPercent > 0 ? '+' : ''}{stats.gainLossPercent.toFixed(1)}% against cost</span>
      </Figure>
      <Figure aria-label="Average Value">
        <h2>Average Value</h2>
        <span className="value">{formatMoney(stats.averageValue)}</span>
        <span className="sub">per pair</span>
      </Figure>
    </SummaryGrid>
  );
}
