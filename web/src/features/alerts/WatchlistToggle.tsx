import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, idempotent } from '../../api/client.ts';
import { Button, useToast } from '../../ui/index.ts';
import { alertQueries, alertsApi } from './api.ts';

/** Watchlist on or off for a sneaker, showing which it is (pressed: on the watchlist). */
export function WatchlistToggle({ sneakerId, name, size = 'md' }: { sneakerId: string; name?: string; size?: 'sm' | 'md' }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const watchlist = useQuery(alertQueries.watchlist());
  const entry = watchlist.data?.find((e) => e.sneakerId === sneakerId);
  const settle = () => void queryClient.invalidateQueries({ queryKey: alertQueries.all });
  const failed = (error: Error) => toast.show({ title: 'Failed to update your watchlist. Please try again.', description: error.message, variant: 'error', duration: 5_000 });
  const watch = useMutation({
    mutationFn: idempotent(alertsApi.watch),
    onSuccess: () => toast.show({ title: 'Added to Watchlist', variant: 'success' }),
    onError: (error) => (error instanceof ApiError && error.code === 'ALREADY_ON_WATCHLIST' ? undefined : failed(error)),
    onSettled: settle,
  });
  const unwatch = useMutation({
    mutationFn: idempotent(alertsApi.unwatch),
    onSuccess: () => toast.show({ title: 'Removed from Watchlist', variant: 'success' }),
    onError: failed,
    onSettled: settle,
  });
  const on = Boolean(entry);
  return (
    <Button
      type="button"
      $size={size}
      $variant={on ? 'primary' : 'secondary'}
      aria-pressed={on}
      aria-label={name ? `Watchlist: ${name}` : undefined}
      disabled={watch.isPending || unwatch.isPending}
      onClick={() => (entry ? unwatch.mutate({ id: entry.id }) : watch.mutate({ sneakerId }))}
    >
      {on ? '★ On Watchlist' : '☆ Watchlist'}
    </Button>
  );
}
