import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { sneakerQueries, type SneakerDetail } from './api.ts';
import { Badge, Card, CardTitle, Change, formatMoney, formatPercent } from '../../ui/index.ts';
import { Table } from './RecentSalesTable.tsx';
import { isAvailable, overviewOf } from './detail-logic.ts';
import { PriceProvenance, ValuationNote } from '../market/index.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 16px;
  margin: 0;
  div { display: flex; flex-direction: column; gap: 2px; }
  dt { font-size: 12px; color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; font-size: 20px; font-weight: 700; font-variant-numeric: tabular-nums; }
  small { font-size: 12px; font-weight: 500; }
  dd > [data-price-source], dd > [data-value-basis] { display: flex; margin-top: 4px; }
`;

/**
 * What a pair of the size is worth now and which number that rests on: a fresh reading's highest bid or
 * lowest ask, else the last sale (a stale reading is marked, and its time is not the sale's).
 */
function SizeValue({ sneakerId, size }: { sneakerId: string; size: number }) {
  const market = useQuery(sneakerQueries.market(sneakerId));
  const row = market.data?.sizes.find((s) => s.size === size);
  if (!row || row.value === null || row.valueBasis === null) return null;
  const observed = row.stale ? { source: null, asOf: null } : { source: row.source, asOf: row.asOf };
  return (
    <div>
      <dt>Value Now</dt>
      <dd>
        {formatMoney(row.value)}
        <ValuationNote valuation={{ basis: row.valueBasis, ...observed, stale: row.stale, thin: false }} />
      </dd>
    </div>
  );
}

/** The size table; a price's source wraps rather than widening the table. */
const SizesTable = styled(Table)`
  td.source { white-space: normal; min-width: 200px; }
`;

/** The overview figures, or the selected size's prices. */
export function SizeFigures({ sneaker, size }: { sneaker: SneakerDetail; size: number | null }) {
  if (size !== null) {
    const variant = sneaker.variants.find((v) => v.size === size);
    return (
      <Card aria-label={`US ${size}`}>
        <CardTitle>US {size}</CardTitle>
        <Figures>
          <div>
            <dt>Current Price</dt>
            <dd>
              {formatMoney(variant?.currentPrice)}
              <PriceProvenance provenance={variant?.provenance} />
            </dd>
          </div>
          <SizeValue sneakerId={sneaker.id} size={size} />
          <div>
            <dt>Last Sale</dt>
            <dd>{formatMoney(variant?.lastSalePrice)}</dd>
          </div>
          <div>
            <dt>24h Change</dt>
            <dd>{variant?.priceChange24h ? <Change cents={variant.priceChange24h} /> : '—'}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{variant && isAvailable(variant) ? <Badge $tone="green">Available</Badge> : <Badge>Sold Out</Badge>}</dd>
          </div>
        </Figures>
      </Card>
    );
  }
  const o = overviewOf(sneaker);
  return (
    <Card aria-label="Overview">
      <CardTitle>Overview (All Sizes)</CardTitle>
      <Figures>
        <div>
          <dt>Price Range</dt>
          <dd>
            {formatMoney(o.min)} – {formatMoney(o.max)}
          </dd>
        </div>
        <div>
          <dt>Average Resale Price</dt>
          <dd>
            {formatMoney(o.average)} {o.premiumPercent !== null && <small>({formatPercent(o.premiumPercent)} vs retail)</small>}
            <PriceProvenance provenance={sneaker.provenance} />
          </dd>
        </div>
        <div>
          <dt>Available Sizes</dt>
          <dd>
            {o.available}/{o.sizes}
          </dd>
        </div>
        <div>
          <dt>Retail Price</dt>
          <dd>{formatMoney(o.retail)}</dd>
        </div>
      </Figures>
    </Card>
  );
}

/** 'All Size Variations': Size, Current Price, Last Sale, 24h Change, Status, and where each price comes from. */
export function SizeTable({ sneaker, onPick }: { sneaker: SneakerDetail; onPick(size: number): void }) {
  return (
    <Card aria-labelledby="sizes-heading">
      <CardTitle id="sizes-heading">All Size Variations</CardTitle>
      <SizesTable>
        <table aria-label="All Size Variations">
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">Current Price</th>
              <th scope="col">Last Sale</th>
              <th scope="col">24h Change</th>
              <th scope="col">Status</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {[...sneaker.variants]
              .sort((a, b) => a.size - b.size)
              .map((v) => (
                <tr key={v.id}>
                  <td>
                    <button type="button" onClick={() => onPick(v.size)} style={{ background: 'none', border: 'none', color: 'inherit', cursor: 'pointer', padding: 0, textDecoration: 'underline' }}>
                      US {v.size}
                    </button>
                  </td>
                  <td className="num">{formatMoney(v.currentPrice)}</td>
                  <td className="num">{formatMoney(v.lastSalePrice)}</td>
                  <td className="num">{v.priceChange24h ? <Change cents={v.priceChange24h} /> : '—'}</td>
                  <td>{isAvailable(v) ? <Badge $tone="green">Available</Badge> : <Badge>Sold Out</Badge>}</td>
                  <td className="source">
                    <PriceProvenance provenance={v.provenance} />
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </SizesTable>
    </Card>
  );
}
