import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { refreshCollectionViews } from '../collection/index.ts';
import { useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Button, Card, CardTitle, InlineError, Muted, Skeleton, Stack, countOf, formatDate, timeAgo, useToast } from '../../ui/index.ts';
import { salesApi, salesQueries, type StockxImportResult, type StockxStatus } from './api.ts';

export const importSummaryOf = (result: StockxImportResult): string => {
  const imported = result.matched + result.added;
  const parts = [`${result.matched} matched to your pairs`, `${result.added} added to complete`];
  if (result.skipped > 0) parts.push(`${result.skipped} already imported`);
  return `${countOf(imported, 'sale')} imported: ${parts.join(', ')}`;
};

/** What the last import did: its counts, and the sold pairs it added that wait for their purchase price. */
function ImportResult({ result }: { result: StockxImportResult }) {
  const toComplete = result.sales.filter((sale) => sale.needsCostBasis);
  return (
    <Stack $gap={1}>
      <p role="status">{importSummaryOf(result)}</p>
      {toComplete.length > 0 && (
        <>
          <Muted>These pairs were not in your collection: add what you paid for each to count its gain.</Muted>
          <ul aria-label="Imported sales to complete">
            {toComplete.map((sale) => (
              <li key={sale.id}>
                {sale.name} · size {sale.size}
                {sale.sku ? ` · ${sale.sku}` : ''} · sold {formatDate(sale.soldAt)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}

/** The member's own StockX account (Expert): link it, import its completed sales, unlink it. */
function StockxActions({ status }: { status: StockxStatus }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const link = useMutation({
    mutationFn: salesApi.linkStockx,
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
    onError: (error) => toast.show({ title: 'StockX could not be linked', description: error.message, variant: 'error', duration: 5_000 }),
  });
  const importing = useMutation({
    mutationFn: idempotent((_: object, key: string) => salesApi.importStockx(key)),
    onSuccess: (result: StockxImportResult) => toast.show({ title: 'StockX orders imported', description: importSummaryOf(result), variant: 'success' }),
    onSettled: () => refreshCollectionViews(queryClient),
  });
  const unlink = useMutation({
    mutationFn: idempotent((_: object, key: string) => salesApi.unlinkStockx(key)),
    onSuccess: (next: StockxStatus) => {
      queryClient.setQueryData(salesQueries.stockx().queryKey, next);
      importing.reset();
    },
    onError: (error) => toast.show({ title: 'StockX could not be unlinked', description: error.message, variant: 'error', duration: 5_000 }),
  });

  if (!status.linked) {
    return (
      <Stack $gap={2} $align="flex-start">
        <Muted>Link your StockX account, then import the sales you completed there: each is matched to your pair by SKU and size, and a second import adds nothing.</Muted>
        <Button type="button" onClick={() => link.mutate()} disabled={link.isPending}>
          {link.isPending ? 'Opening StockX...' : 'Link StockX'}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack $gap={2} $align="flex-start">
      <Muted>
        Linked on {formatDate(status.linkedAt)} · {status.lastImportAt ? `last import ${timeAgo(status.lastImportAt).toLowerCase()}` : 'not imported yet'}
      </Muted>
      <Stack $row $gap={2} $wrap>
        <Button type="button" onClick={() => importing.mutate({})} disabled={importing.isPending}>
          {importing.isPending ? 'Importing...' : 'Import StockX orders'}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => unlink.mutate({})} disabled={unlink.isPending || importing.isPending}>
          {unlink.isPending ? 'Unlinking...' : 'Unlink StockX'}
        </Button>
      </Stack>
      {importing.isError && <InlineError message={importing.error.message} onRetry={() => importing.mutate({})} />}
      {importing.data && <ImportResult result={importing.data} />}
    </Stack>
  );
}

function StockxLink() {
  const status = useQuery(salesQueries.stockx());
  if (status.isPending) return <Skeleton $h={64} />;
  if (status.isError) return <InlineError message={status.error.message} onRetry={() => void status.refetch()} />;
  return <StockxActions status={status.data} />;
}

export function StockxCard({ unlocked }: { unlocked: boolean }) {
  const prompt = useUpgradePrompt();
  return (
    <Card aria-labelledby="stockx-title">
      <CardTitle id="stockx-title">StockX orders</CardTitle>
      {unlocked ? (
        <StockxLink />
      ) : (
        <Stack $gap={2} $align="flex-start">
          <Muted>Importing your StockX sales is an Expert feature.</Muted>
          <Button type="button" $variant="secondary" onClick={() => prompt.open({ trigger: 'premium_feature', feature: 'tax_export' })}>
            Upgrade to import
          </Button>
        </Stack>
      )}
    </Card>
  );
}
