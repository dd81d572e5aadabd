import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, CardTitle, DataTable, ErrorState, InlineError, Muted, Skeleton, Stack, TableScroll, formatCount, timeAgo } from '../../ui/index.ts';
import { adminApi, adminQueries } from './api.ts';

const SOURCE_NAMES: Record<string, string> = { replay: 'Replayed public sales', stockx: 'StockX API' };
const CIRCUIT_TONES: Record<string, 'green' | 'orange' | 'red'> = { closed: 'green', 'half-open': 'orange', open: 'red', isolated: 'red' };

const when = (iso: string | null) => (iso ? timeAgo(iso) : '—');
const nextIn = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString() : '—');

/** The admin panel's market sources: each source's state, and the StockX link (link once, unlink). */
export function MarketSourcesCard() {
  const sources = useQuery(adminQueries.marketSources());
  const queryClient = useQueryClient();
  const link = useMutation({ mutationFn: adminApi.linkStockx, onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl) });
  const unlink = useMutation({ mutationFn: adminApi.unlinkStockx, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.marketSources().queryKey }) });
  const linked = sources.data?.stockxLinked ?? false;

  return (
    <Card>
      <CardTitle>Market sources</CardTitle>
      {sources.isPending && <Skeleton $h={96} />}
      {sources.isError && <ErrorState message={sources.error.message} onRetry={() => void sources.refetch()} />}
      {sources.data && (
        <Stack>
          <TableScroll>
            <DataTable>
              <thead>
                <tr>
                  <th>Source</th>
                  <th>Status</th>
                  <th>Last sync</th>
                  <th>Next sync</th>
                  <th>Error rate</th>
                  <th>Circuit</th>
                  <th>Mapped products</th>
                </tr>
              </thead>
              <tbody>
                {sources.data.sources.map((source) => (
                  <tr key={source.name}>
                    <td>{SOURCE_NAMES[source.name] ?? source.name}</td>
                    <td>{source.status}</td>
                    <td>{when(source.lastSyncAt)}</td>
                    <td>{nextIn(source.nextSyncAt)}</td>
                    <td>{source.errorRate === null ? '—' : `${(source.errorRate * 100).toFixed(1)}%`}</td>
                    <td>{source.circuit ? <Badge $tone={CIRCUIT_TONES[source.circuit]}>{source.circuit}</Badge> : '—'}</td>
                    <td>{source.mappedProducts === null ? '—' : formatCount(source.mappedProducts)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
          <Muted>{linked ? 'StockX is linked to the operator’s account.' : 'Link the operator’s StockX account to read live asks and bids.'}</Muted>
          {link.isError && <InlineError message={link.error.message} onRetry={() => link.mutate()} />}
          {unlink.isError && <InlineError message={unlink.error.message} onRetry={() => unlink.mutate()} />}
          <div>
            {linked ? (
              <Button type="button" $variant="secondary" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
                Unlink StockX
              </Button>
            ) : (
              <Button type="button" onClick={() => link.mutate()} disabled={link.isPending}>
                Link StockX
              </Button>
            )}
          </div>
        </Stack>
      )}
    </Card>
  );
}
