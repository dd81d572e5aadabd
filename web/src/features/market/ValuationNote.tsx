import styled from 'styled-components';
import type { ItemValuation, ItemValueBasis } from '@kicksight/contracts';
import { provenanceLine } from '@kicksight/contracts/provenance';
import { Badge } from '../../ui/index.ts';
import { ThinMarket } from './PriceProvenance.tsx';
import { cssVar } from '../../theme/cssVars.ts';

/** What each number a value can rest on is called on screen. */
export const VALUE_BASIS_LABELS: Record<ItemValueBasis, string> = {
  highest_bid: 'highest bid',
  lowest_ask: 'lowest ask',
  last_sale: 'last sale',
  sneaker_average: 'average of its sizes',
  last_known: 'last known value',
};

/** How a value was taken, in one line: 'StockX · 4 min ago · highest bid', 'Replayed public sales (2019 sample, shifted to today) · 2 h ago · last sale'. */
export function valuationLine(valuation: Pick<ItemValuation, 'basis' | 'source' | 'asOf'>, now: Date): string {
  const basis = VALUE_BASIS_LABELS[valuation.basis];
  return valuation.source ? `${provenanceLine({ source: valuation.source, asOf: valuation.asOf }, now)} · ${basis}` : basis[0]!.toUpperCase() + basis.slice(1);
}

const Note = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 6px;
  font-size: 12px;
  font-weight: 500;
  color: ${cssVar.colors.textMuted};
`;

/** Which number a value rests on, its source and age, 'stale' when a market reading was too old to count, and 'thin market'. */
export function ValuationNote({ valuation }: { valuation: ItemValuation }) {
  return (
    <Note data-value-basis={valuation.basis}>
      <span>{valuationLine(valuation, new Date())}</span>
      {valuation.stale && (
        <Badge $tone="orange" title="The latest market reading is too old to count">
          stale
        </Badge>
      )}
      {valuation.thin && <ThinMarket />}
    </Note>
  );
}
