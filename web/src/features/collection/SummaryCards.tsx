import { PLATFORM_LABELS } from '@kicksight/contracts/fees';
import type { CollectionStats } from './api.ts';
import { Change, FigureCard, FigureGrid, FigureSkeletons, formatMoney } from '../../ui/index.ts';

/** Total Value, Total Items, Profit/Loss, Average Value; with a net valuation, the net figures beside the gross ones. */
export function SummaryCards({ stats }: { stats: CollectionStats | undefined }) {
  if (!stats) return <FigureSkeletons />;
  return (
    <FigureGrid>
      <FigureCard aria-label="Total Value">
        <h2>Total Value</h2>
        <span className="value">{formatMoney(stats.totalValue)}</span>
        <span className="sub">Cost {formatMoney(stats.totalCost)}</span>
        {stats.net && (
          <span className="sub">
            Net on {PLATFORM_LABELS[stats.net.platform]} {formatMoney(stats.net.totalValue)}
          </span>
        )}
      </FigureCard>
      <FigureCard aria-label="Total Items">
        <h2>Total Items</h2>
        <span className="value">{stats.totalItems}</span>
        <span className="sub">{stats.totalItems === 1 ? 'pair' : 'pairs'} in your collection</span>
      </FigureCard>
      <FigureCard aria-label="Profit/Loss">
        <h2>Profit/Loss</h2>
        <span className="value">
          <Change cents={stats.totalGainLoss} />
        </span>
        <span className="sub">{stats.gainLossPercent > 0 ? '+' : ''}{stats.gainLossPercent.toFixed(1)}% against cost</span>
        {stats.net && (
          <span className="sub">
            Net <Change cents={stats.net.totalGainLoss} percent={stats.net.gainLossPercent} />
          </span>
        )}
      </FigureCard>
      <FigureCard aria-label="Average Value">
        <h2>Average Value</h2>
        <span className="value">{formatMoney(stats.averageValue)}</span>
        <span className="sub">per pair</span>
      </FigureCard>
    </FigureGrid>
  );
}
