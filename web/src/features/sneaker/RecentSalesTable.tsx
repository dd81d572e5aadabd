import styled from 'styled-components';
import { sneakerQueries, type RecentSale } from './api.ts';
import { Card, CardTitle, ErrorState, Muted, Skeleton, formatMoney, timeAgo } from '../../ui/index.ts';
import { Locked } from './Locked.tsx';
import { isPremiumLocked, recentRowsOf, samplePreviewRows } from './detail-logic.ts';
import { cssVar } from '../../theme/cssVars.ts';
import { useDeferredQuery } from '../../api/deferred-query.ts';

export const Table = styled.div`
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 8px 10px; text-align: left; border-bottom: 1px solid ${cssVar.colors.border}; white-space: nowrap; }
  th { font-size: 12px; color: ${cssVar.colors.textMuted}; font-weight: 600; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
`;

function SalesRows({ sales }: { sales: RecentSale[] }) {
  return (
    <Table>
      <table aria-label="Recent sales">
        <thead>
          <tr>
            <th scope="col">Time Ago</th>
            <th scope="col">Size</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.id}>
              <td>{timeAgo(sale.created_at)}</td>
              <td>
                {sale.size_type} {sale.size}
              </td>
              <td className="num">{formatMoney(sale.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Table>
  );
}

/** Recent Sales: the 10 newest; trial users see a blurred sample. */
export function RecentSalesTable({ sneakerId, locked, basePrice }: { sneakerId: string; locked: boolean; basePrice: number }) {
  const recent = useDeferredQuery({ ...sneakerQueries.recentSales(sneakerId, 20), enabled: !locked });
  const showLocked = locked || isPremiumLocked(recent.error);
  return (
    <Card aria-labelledby="recent-heading">
      <CardTitle id="recent-heading">Recent Sales</CardTitle>
      {showLocked ? (
        <Locked title="Recent Sales" text="See every recent sale by size with Pro or Expert.">
          <SalesRows sales={samplePreviewRows(basePrice || 20_000)} />
        </Locked>
      ) : recent.isPending ? (
        <Skeleton $h={200} />
      ) : recent.isError ? (
        <ErrorState title="Recent sales unavailable" message={recent.error.message} onRetry={() => void recent.refetch()} />
      ) : recent.data.sales.length === 0 ? (
        <Muted>No recent sales data available</Muted>
      ) : (
        <SalesRows sales={recentRowsOf(recent.data.sales)} />
      )}
    </Card>
  );
}
