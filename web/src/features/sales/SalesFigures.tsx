import { Change, FigureCard, FigureGrid, FigureSkeletons, formatMoney, formatPercent } from '../../ui/index.ts';
import type { SalesSummary } from './api.ts';

/** The year's figures: revenue, selling costs, net proceeds and realised gain, with return, days held and sell-through beneath. */
export function SalesFigures({ summary }: { summary: SalesSummary | undefined }) {
  if (!summary) return <FigureSkeletons label="Loading the year's figures" />;
  const days = summary.averageDaysHeld === null ? '—' : `${Math.round(summary.averageDaysHeld)} days`;
  return (
    <FigureGrid>
      <FigureCard aria-label="Revenue">
        <h2>Revenue</h2>
        <span className="value">{formatMoney(summary.revenue)}</span>
        <span className="sub">{summary.sales === 1 ? '1 pair sold' : `${summary.sales} pairs sold`}</span>
      </FigureCard>
      <FigureCard aria-label="Fees">
        <h2>Fees</h2>
        <span className="value">{formatMoney(summary.fees)}</span>
        <span className="sub">Platform fees, shipping and other costs</span>
      </FigureCard>
      <FigureCard aria-label="Net proceeds">
        <h2>Net proceeds</h2>
        <span className="value">{formatMoney(summary.netProceeds)}</span>
        <span className="sub">Cost {formatMoney(summary.cost)}</span>
      </FigureCard>
      <FigureCard aria-label="Realised gain">
        <h2>Realised gain</h2>
        <span className="value">
          <Change cents={summary.realisedGain} />
        </span>
        <span className="sub">
          Return {formatPercent(summary.returnOnCost)} · held {days} on average · sell-through {summary.sellThrough.toFixed(0)}%
        </span>
      </FigureCard>
    </FigureGrid>
  );
}
