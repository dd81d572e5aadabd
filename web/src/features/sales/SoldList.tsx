import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { PLATFORM_LABELS, SALE_PLATFORMS, type SalePlatform } from '@kicksight/contracts/fees';
import { Badge, Button, Change, DataTable, EmptyState, ErrorState, Input, Muted, Pager, Select, Skeleton, TableScroll, Toolbar, formatCents, formatDate } from '../../ui/index.ts';
import { salesQueries, type SaleView } from './api.ts';
import { UndoSaleDialog } from './UndoSaleDialog.tsx';
import { cssVar } from '../../theme/cssVars.ts';

// Names, platforms and notes wrap, so the row fits beside the sidebar without scrolling sideways.
const Table = styled(DataTable)`
  th, td { padding: 8px 10px; white-space: nowrap; }
  th { font-size: 12px; font-weight: 600; color: ${cssVar.colors.textMuted}; }
  td.num { text-align: right; }
  td.sneaker { white-space: normal; overflow-wrap: anywhere; min-width: 120px; }
  td.platform, td .note { white-space: normal; }
`;

/** What the sale cost to make: the platform's fees, the shipping and the other fees (as the Fees figure and the tax export count them). */
const sellingCostsOf = (sale: SaleView): number => sale.feesTotal + sale.shippingCost + sale.otherFees;

/** The year's sold pairs, newest sale first, by platform and brand, a page at a time; each sale can be undone. */
export function SoldList({ year }: { year: number }) {
  const [platform, setPlatform] = useState<SalePlatform | 'all'>('all');
  const [brand, setBrand] = useState('');
  const [page, setPage] = useState(1);
  const [undoing, setUndoing] = useState<SaleView | null>(null);
  const list = useQuery({ ...salesQueries.list({ year, platform, brand, page }), placeholderData: keepPreviousData });
  const filtered = platform !== 'all' || brand.trim() !== '';
  const data = list.data;

  return (
    <section aria-labelledby="sold-title">
      <h2 id="sold-title" style={{ fontSize: 18, margin: '0 0 12px' }}>
        Sold pairs
      </h2>
      <Toolbar>
        <label>
          Platform
          <Select value={platform} onChange={(e) => (setPlatform(e.target.value as SalePlatform | 'all'), setPage(1))}>
            <option value="all">All platforms</option>
            {SALE_PLATFORMS.map((key) => (
              <option key={key} value={key}>
                {PLATFORM_LABELS[key]}
              </option>
            ))}
          </Select>
        </label>
        <label>
          Brand
          <Input type="search" value={brand} placeholder="Any brand" onChange={(e) => (setBrand(e.target.value), setPage(1))} />
        </label>
      </Toolbar>
      {list.isPending && <Skeleton $h={160} aria-label="Loading sales" />}
      {list.isError && !data && <ErrorState title="Sales could not be loaded" message={list.error.message} onRetry={() => void list.refetch()} />}
      {/* Without filters, the page says the year has no sales. */}
      {data && data.sales.length === 0 && filtered && <EmptyState title="No sales match these filters" text="Choose another platform or brand." />}
      {data && data.sales.length > 0 && (
        <>
          <TableScroll>
            <Table aria-label="Sold pairs">
              <thead>
                <tr>
                  <th scope="col">Sneaker</th>
                  <th scope="col">Sold</th>
                  <th scope="col">Platform</th>
                  <th scope="col">Price</th>
                  <th scope="col">Fees</th>
                  <th scope="col">Net</th>
                  <th scope="col">Gain</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.sales.map((sale) => (
                  <tr key={sale.id} style={{ height: 48 }}>
                    <td className="sneaker">
                      {sale.name} <Muted>US {sale.size}</Muted>
                      {sale.needsCostBasis && (
                        <>
                          {' '}
                          <Badge $tone="yellow">Cost to complete</Badge>
                        </>
                      )}
                    </td>
                    <td>{formatDate(sale.soldAt)}</td>
                    <td className="platform">{PLATFORM_LABELS[sale.platform]}</td>
                    <td className="num">
                      {formatCents(sale.salePrice)}
                      {sale.buyerShipping > 0 && (
                        <>
                          <br />
                          <Muted className="note">+{formatCents(sale.buyerShipping)} shipping</Muted>
                        </>
                      )}
                    </td>
                    <td className="num">{formatCents(sellingCostsOf(sale))}</td>
                    <td className="num">{formatCents(sale.netProceeds)}</td>
                    <td className="num">{sale.realisedGain === null ? '—' : <Change cents={sale.realisedGain} percent={sale.returnOnCost} />}</td>
                    <td>
                      <Button type="button" $variant="ghost" $size="sm" onClick={() => setUndoing(sale)} aria-label={`Undo sale of ${sale.name}`}>
                        Undo sale
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
          <Pager page={data.page} totalPages={data.totalPages} hasPreviousPage={data.hasPreviousPage} hasNextPage={data.hasNextPage} onPage={setPage} />
        </>
      )}
      {undoing && <UndoSaleDialog sale={undoing} onClose={() => setUndoing(null)} />}
    </section>
  );
}
