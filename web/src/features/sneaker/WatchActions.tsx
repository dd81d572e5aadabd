import { PriceAlertButton, WatchlistToggle } from '../alerts/index.ts';
import { Button, Stack, useToast } from '../../ui/index.ts';

/** Share (copy the link), set a price alert on the size shown, watch the sneaker. */
export function WatchActions({ sneakerId, size, watchedPrice }: { sneakerId: string; size: number | null; watchedPrice: number | null }) {
  const toast = useToast();
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.show({ title: 'Link Copied', variant: 'success', duration: 2_000 });
    } catch {
      toast.show({ title: 'Unable to copy link to clipboard', variant: 'error' });
    }
  };
  return (
    <Stack $row $gap={2} $wrap>
      <Button type="button" $variant="secondary" onClick={() => void share()}>
        Share
      </Button>
      <PriceAlertButton sneakerId={sneakerId} watched={{ size, currentPrice: watchedPrice }} />
      <WatchlistToggle sneakerId={sneakerId} />
    </Stack>
  );
}
