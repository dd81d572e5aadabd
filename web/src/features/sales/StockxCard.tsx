import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { refreshCollectionViews } from '../collection/index.ts';
import { useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Button, Card, CardTitle, Muted, Stack, useToast } from '../../ui/index.ts';
import { salesApi, type StockxImportResult } from './api.ts';

export const importSummaryOf = (result: StockxImportResult): string => {
  const parts = [`${result.matched} matched to your pairs`, `${result.added} added to complete`];
  if (result.skipped > 0) parts.push(`${result.skipped} already imported`);
  return parts.join(', ');
};

/** The member's own StockX account: link it, then import its completed sales (Expert); an import before linking says to link first. */
function StockxActions() {
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
    onError: (error) => toast.show({ title: 'Import failed', description: error.message, variant: 'error', duration: 5_000 }),
    onSettled: () => refreshCollectionViews(queryClient),
  });
  return (
    <Stack $gap={2} $align="flex-start">
      <Muted>Link your StockX account, then import the sales you completed there: each is matched to your pair by SKU and size, and a second import adds nothing.</Muted>
      <Stack $row $gap={2} $wrap>
        <Button type="button" $variant="secondary" onClick={() => link.mutate()} disabled={link.isPending}>
          {link.isPending ? 'Opening StockX...' : 'Link StockX'}
        </Button>
        <Button type="button" onClick={() => importing.mutate({})} disabled={importing.isPending}>
          {importing.isPending ? 'Importing...' : 'Import StockX orders'}
        </Button>
      </Stack>
    </Stack>
  );
}

export function StockxCard({ unlocked }: { unlocked: boolean }) {
  const prompt = useUpgradePrompt();
  return (
    <Card aria-labelledby="stockx-title">
      <CardTitle id="stockx-title">StockX orders</CardTitle>
      {unlocked ? (
        <StockxActions />
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
