import { isLiveSource, provenanceLine } from '@kicksight/contracts/provenance';
import { Badge, Card, CardTitle, Muted, formatMoney } from '../../ui/index.ts';
import { VALUE_BASIS_LABELS } from '../market/index.ts';
import { sneakerQueries } from './api.ts';
import { Table } from './RecentSalesTable.tsx';
import { useDeferredQuery } from '../../api/deferred-query.ts';

/**
 * The live market of each size a source read (StockX's highest bid and lowest ask), what a pair is worth
 * and which number that rests on, and how old the reading is; shown only when a live source has read one.
 */
export function LiveMarketCard({ sneakerId }: { sneakerId: string }) {
  const market = useDeferredQuery(sneakerQueries.market(sneakerId));
  const read = market.data?.sizes.filter((s) => isLiveSource(s.source)) ?? [];
  if (read.length === 0) return null;
  return (
    <Card aria-label="Live market">
      <CardTitle>Live market</CardTitle>
      <Muted>A pair is worth its highest bid (what it sells for now); its last sale when no fresh reading exists.</Muted>
      <Table>
        <table aria-label="Live market by size">
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">Highest bid</th>
              <th scope="col">Lowest ask</th>
              <th scope="col">Value</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {read.map((row) => (
              <tr key={row.size}>
                <td>US {row.size}</td>
                <td className="num">{formatMoney(row.highestBid)}</td>
                <td className="num">{formatMoney(row.lowestAsk)}</td>
                <td>
                  {formatMoney(row.value)} {row.valueBasis && <Muted as="span">({VALUE_BASIS_LABELS[row.valueBasis]})</Muted>}
                </td>
                <td>
                  {provenanceLine(row, new Date())} {row.stale && <Badge $tone="orange">stale</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Table>
    </Card>
  );
}
