import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { PriceRefusalReason, QuarantinedPrice } from '@kicksight/contracts';
import { PRICE_REFUSAL_DESCRIPTIONS, PRICE_REFUSAL_REASONS } from '@kicksight/contracts/provenance';
import { messageOf } from '../../api/errors.ts';
import { Badge, Button, Card, CardTitle, DataTable, EmptyState, ErrorState, Muted, PageHeader, Skeleton, TableScroll, formatCount, formatDate, formatMoney, useToast } from '../../ui/index.ts';
import { adminApi, adminQueries } from './api.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Reasons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`;
const Rows = styled(DataTable)`
  th, td { padding: 8px 10px; vertical-align: top; }
  th { font-size: 12px; color: ${cssVar.colors.textMuted}; }
  td small { display: block; margin-top: 2px; color: ${cssVar.colors.textMuted}; }
`;

/** A refused value in its own currency: '$99,999', '21,100 JPY'. */
export const valueOf = (entry: Pick<QuarantinedPrice, 'amount' | 'currency'>): string =>
  entry.currency === 'USD' ? formatMoney(entry.amount) : `${(entry.amount / 100).toLocaleString('en-US')} ${entry.currency}`;

/** Where a refused value came from: a data file's row, or the call that recorded it. */
export const originOf = (entry: Pick<QuarantinedPrice, 'file' | 'row' | 'call' | 'source'>): string => (entry.file ? `${entry.file}, row ${entry.row}` : (entry.call ?? entry.source));

/** The price guard's quarantine: counts by reason, the refused values with where they came from, and their release. */
export default function DataQualityPage() {
  const [reason, setReason] = useState<PriceRefusalReason | null>(null);
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const toast = useToast();
  const quality = useQuery(adminQueries.dataQuality(reason, page));
  const release = useMutation({
    mutationFn: adminApi.releasePrice,
    onSuccess: (result) => {
      toast.show({ title: 'Value released', description: result.saleId ? 'The sale was recorded.' : 'It counts as accepted from now on.', variant: 'success', duration: 5_000 });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'data-quality'] });
    },
    onError: (error) => toast.show({ title: 'Release failed', description: messageOf(error), variant: 'error', duration: 5_000 }),
  });
  const pick = (next: PriceRefusalReason | null) => {
    setReason(next);
    setPage(1);
  };
  const data = quality.data;
  const total = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;

  return (
    <div>
      <PageHeader>
        <div>
          <h1>Data Quality</h1>
          <p>Prices the guard refused, kept with their reason and where they came from. Release one that was refused wrongly.</p>
        </div>
      </PageHeader>
      {quality.isError ? (
        <ErrorState message={messageOf(quality.error)} onRetry={() => void quality.refetch()} />
      ) : !data ? (
        <Skeleton $h={240} />
      ) : (
        <Card aria-labelledby="quarantine-heading">
          <CardTitle id="quarantine-heading">Quarantine</CardTitle>
          <Reasons role="group" aria-label="Reasons">
            <Button type="button" $size="sm" $variant={reason === null ? 'primary' : 'secondary'} aria-pressed={reason === null} onClick={() => pick(null)}>
              All ({formatCount(total)})
            </Button>
            {PRICE_REFUSAL_REASONS.map((r) => (
              <Button key={r} type="button" $size="sm" $variant={reason === r ? 'primary' : 'secondary'} aria-pressed={reason === r} title={PRICE_REFUSAL_DESCRIPTIONS[r]} onClick={() => pick(r)}>
                {r.replace(/_/g, ' ')} ({formatCount(data.counts[r])})
              </Button>
            ))}
          </Reasons>
          <Muted>{formatCount(data.released)} released so far.</Muted>
          {data.entries.length === 0 ? (
            <EmptyState title="Nothing in the quarantine" text="Every price that came in passed the guard." />
          ) : (
            <TableScroll>
              <Rows aria-label="Quarantined prices">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Value</th>
                    <th scope="col">From</th>
                    <th scope="col">Observed</th>
                    <th scope="col">
                      <span className="visually-hidden">Release</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        {entry.name ?? entry.sku ?? '—'}
                        {entry.size !== null && <small>US {entry.size}</small>}
                      </td>
                      <td>
                        <Badge $tone="orange">{entry.reason.replace(/_/g, ' ')}</Badge>
                        <small>{entry.detail}</small>
                      </td>
                      <td className="num">{valueOf(entry)}</td>
                      <td>{originOf(entry)}</td>
                      <td>{formatDate(entry.observedAt)}</td>
                      <td>
                        {entry.status === 'quarantined' && (
                          <Button type="button" $size="sm" $variant="secondary" disabled={release.isPending} onClick={() => release.mutate(entry.id)} aria-label={`Release ${valueOf(entry)} for ${entry.name ?? entry.sku ?? 'this product'}`}>
                            Release
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Rows>
            </TableScroll>
          )}
          {data.pagination.totalPages > 1 && (
            <Reasons>
              <Button type="button" $size="sm" $variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Muted>
                Page {formatCount(page)} of {formatCount(data.pagination.totalPages)}
              </Muted>
              <Button type="button" $size="sm" $variant="secondary" disabled={page >= data.pagination.totalPages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </Reasons>
          )}
        </Card>
      )}
    </div>
  );
}
