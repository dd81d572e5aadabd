import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { refreshCollectionViews } from '../collection/index.ts';
import { useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Button, Card, CardTitle, InlineError, Muted, Skeleton, Stack, formatDate, useToast } from '../../ui/index.ts';
import { salesApi, salesQueries, type StockxImportResult } from './api.ts';

export const importSummaryOf = (result: StockxImportResult): string => {
  const parts = [`${result.matched} matched to your pairs`, `${result.added} added to complete`];
  if (result.skipped > 0) parts.push(`${result.skipped} already imported`);
  return parts.join(', ');
};

/** The member's own StockX account: link it, then import its completed sales (Expert). */
function LinkedStockx() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery(salesQueries.stockx());
  const link = useMutation({
    mutationFn: salesApi.linkStockx,
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
    onError: (error) => toast.show({ title: 'StockX could not be linked', description: error.message, variant: 'error', duration: 5_000 }),
  });
  const importing = useMutation({
    mutationFn: idempotent((_: object, key: string) => salesApi.importStockx(key)),
    onSuccess: (result: StockxImportResult) => toast.show({ title: 'StockX orders imported', description: importSummaryOf(result), variant: 'success' }),
    onError: (error) => toast.show({ title: 'Import failed', description: error.message, variant: 'error', duration: 5_000 }),
    onSettled: () => refreshCollectionViews(queryClient),
  });
  if (status.isPending) return <Skeleton $h={40} />;
  if (status.isError) return <InlineError message={status.error.message} onRetry={() => void status.refetch()} />;
  if (!status.data.linked)
    return (
      <Stack $gap={2} $align="flex-start">
        <Muted>Link your StockX account to import the sales you completed there.</Muted>
        <Button type="button" onClick={() => link.mutate()} disabled={link.isPending}>
          {link.isPending ? 'Opening StockX...' : 'Link StockX'}
        </Button>
      </Stack>
    );
  return (
    <Stack $gap={2} $align="flex-start">
      <Muted>
        Linked {formatDate(status.data.linkedAt)} · {status.data.lastImportAt ? `last import ${formatDate(status.data.lastImportAt)}` : 'not imported yet'}
      </Muted>
      <Button type="button" onClick={() => importing.mutate({})} disabled={importing.isPending}>
        {importing.isPending ? 'Importing...' : 'Import StockX orders'}
      </Button>
    </Stack>
  );
}

export function StockxCard({ unlocked }: { unlocked: boolean }) {
  const prompt = useUpgradePrompt();
  return (
    <Card aria-labelledby="stockx-title">
      <CardTitle id="stockx-title">StockX orders</CardTitle>
      {unlocked ? (
        <LinkedStockx />
      ) : (
        <Stack $gap={2} $align="flex-start">
          <Muted>Importing your StockX sales is an Expert feature.</Muted>
          <Button type="button" $variant="secondary" onClick={() => prompt.open({ trigger: 'premium_feature' })}>
            Upgrade to import
          </Button>
        </Stack>
      )}
    </Card>
  );
}
