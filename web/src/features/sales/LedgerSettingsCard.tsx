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

/** GOAT's commission bands as its schedule in force today has them, highest rating first: each band's lowest rating and its label. */
export function goatRatingBands(today: string): { minRating: number; label: string }[] {
  const schedule = scheduleInForce('goat', today);
  if (schedule?.platform !== 'goat') return [];
  return schedule.commission.map((row, i) => {
    const above = schedule.commission[i - 1]?.minRating;
    const range = above === undefined ? `${row.minRating} or more` : row.minRating === 0 ? `Below ${above}` : `${row.minRating} to ${above - 1}`;
    return { minRating: row.minRating, label: `${range} (${row.bps / 100}% commission)` };
  });
}

/** The band a rating falls in (its lowest rating), so that any stored rating shows as one of the choices. */
export const goatBandOf = (rating: number, bands: readonly { minRating: number }[]): number => bands.find((band) => rating >= band.minRating)?.minRating ?? rating;

/** The seller level and rating StockX's and GOAT's fees use in the Sell dialog and on the server, and the monthly reselling email. */
export function LedgerSettingsCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useQuery(salesQueries.settings());
  const goatBands = goatRatingBands(todayIso());
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
          <SelectField
            label="GOAT seller rating"
            hint="GOAT's commission in the Sell dialog and on your sales follows your seller rating."
            value={goatBandOf(settings.data.goatSellerRating, goatBands)}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ goatSellerRating: Number(e.target.value) })}
          >
            {goatBands.map((band) => (
              <option key={band.minRating} value={band.minRating}>
                {band.label}
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
