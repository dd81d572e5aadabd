import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STOCKX_SELLER_LEVELS, scheduleInForce, type StockxSellerLevel } from '@kicksight/contracts/fees';
import { messageOf } from '../../api/errors.ts';
import { Card, CardTitle, Checkbox, InlineError, Muted, SelectField, Skeleton, Stack, todayIso, useToast } from '../../ui/index.ts';
import { salesApi, salesQueries, type LedgerSettings } from './api.ts';

/** Each level's transaction fee as StockX publishes it today: 'Level 2 (8.5 %)'. */
export function levelLabel(level: StockxSellerLevel, today: string): string {
  const schedule = scheduleInForce('stockx', today);
  const row = schedule?.platform === 'stockx' ? schedule.levels.find((candidate) => candidate.level === level) : undefined;
  return row ? `Level ${level} (${row.transactionBps / 100}% transaction fee)` : `Level ${level}`;
}

/** The seller level StockX's fees use in the Sell dialog and on the server, and the monthly reselling email. */
export function LedgerSettingsCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useQuery(salesQueries.settings());
  const save = useMutation({
    mutationFn: (changes: Partial<LedgerSettings>) => salesApi.updateSettings(changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(salesQueries.settings().queryKey, saved);
      toast.show({ title: 'Selling settings saved', variant: 'success' });
    },
    onError: (error) => toast.show({ title: messageOf(error, 'Failed to save the selling settings'), variant: 'error' }),
  });
  return (
    <Card aria-labelledby="selling-title">
      <CardTitle id="selling-title">Selling</CardTitle>
      {settings.isPending && <Skeleton $h={80} />}
      {settings.isError && <InlineError message={settings.error.message} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <Stack $gap={3}>
          <SelectField
            label="StockX seller level"
            hint="StockX's fees in the Sell dialog and on your sales use this level."
            value={settings.data.stockxSellerLevel}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ stockxSellerLevel: Number(e.target.value) as StockxSellerLevel })}
          >
            {STOCKX_SELLER_LEVELS.map((level) => (
              <option key={level} value={level}>
                {levelLabel(level, todayIso())}
              </option>
            ))}
          </SelectField>
          <Checkbox>
            <input type="checkbox" checked={settings.data.monthlyReport} disabled={save.isPending} onChange={(e) => save.mutate({ monthlyReport: e.target.checked })} />
            Email me my reselling month
          </Checkbox>
          <Muted>Sent at the start of a month after one with sales.</Muted>
        </Stack>
      )}
    </Card>
  );
}
