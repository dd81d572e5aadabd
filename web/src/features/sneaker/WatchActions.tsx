import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, idempotent } from '../../api/client.ts';
import { Button, DialogActions, Modal, Stack, TextField, useToast } from '../../ui/index.ts';
import { centsOf } from '../collection/index.ts';
import { sneakerApi } from './api.ts';


/** Share (copy the link), set a price alert, add to the watchlist. */
export function WatchActions({ sneakerId, size, currentPrice }: { sneakerId: string; size: number | null; currentPrice: number | null }) {
  const toast = useToast();
  const [alertOpen, setAlertOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);

  const watch = useMutation({
    mutationFn: idempotent(sneakerApi.watch),
    onSuccess: () => toast.show({ title: 'Added to Watchlist', variant: 'success' }),
    onError: (error) =>
      toast.show(
        error instanceof ApiError && error.code === 'ALREADY_ON_WATCHLIST'
          ? { title: 'Already on your watchlist', variant: 'info' }
          : { title: 'Failed to add to watchlist. Please try again.', description: error.message, variant: 'error', duration: 5_000 },
      ),
  });

  const alert = useMutation({
    mutationFn: idempotent(sneakerApi.createPriceAlert),
    onSuccess: () => {
      toast.show({ title: 'Price Alert Set', description: "We'll let you know when the price crosses your target.", variant: 'success' });
      setAlertOpen(false);
    },
    onError: (error) => toast.show({ title: 'Failed to set price alert. Please try again.', description: error.message, variant: 'error', duration: 5_000 }),
  });

  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.show({ title: 'Link Copied', variant: 'success', duration: 2_000 });
    } catch {
      toast.show({ title: 'Unable to copy link to clipboard', variant: 'error' });
    }
  };

  const submitAlert = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(target);
    if (cents === null || cents <= 0) return setTargetError('Enter a target price greater than 0.');
    setTargetError(null);
    alert.mutate({ sneakerId, targetPrice: cents, size });
  };

  return (
    <>
      <Stack $row $gap={2} $wrap>
        <Button type="button" $variant="secondary" onClick={() => void share()}>
          Share
        </Button>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => {
            setTarget(currentPrice ? String(Math.round(currentPrice / 100)) : '');
            setAlertOpen(true);
          }}
        >
          Price Alert
        </Button>
        <Button type="button" $variant="secondary" disabled={watch.isPending} onClick={() => watch.mutate({ sneakerId })}>
          Watchlist
        </Button>
      </Stack>
      <Modal open={alertOpen} title="Set a Price Alert" onClose={() => setAlertOpen(false)} width={420}>
        <form onSubmit={submitAlert} noValidate>
          <Stack $gap={3}>
            <p style={{ margin: 0 }}>{size ? `Watches the price of US ${size}.` : 'Watches the lowest price across sizes.'}</p>
            <TextField label="Target price (USD)" inputMode="decimal" value={target} error={targetError} onChange={(e) => setTarget(e.target.value)} />
            <DialogActions onCancel={() => setAlertOpen(false)} busy={alert.isPending} label="Set Alert" />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
