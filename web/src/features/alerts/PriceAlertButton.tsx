import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { Button, Modal, useToast } from '../../ui/index.ts';
import { alertQueries, alertsApi, type PriceAlert } from './api.ts';
import { promiseOfAlert, type Watched } from './alert-words.ts';
import { TargetPriceForm } from './TargetPriceForm.tsx';

/**
 * Price Alert: a dialog that sets an alert on the size shown (or the lowest price), saying what it will do.
 * It opens with the target empty: the price now is no target (it would not say which way to watch).
 */
export function PriceAlertButton({ sneakerId, watched }: { sneakerId: string; watched: Watched }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const create = useMutation({
    mutationFn: idempotent(alertsApi.createPriceAlert),
    onSuccess: (alert: PriceAlert) => {
      toast.show({ title: 'Price Alert Set', description: promiseOfAlert(alert), variant: 'success', duration: 5_000 });
      setOpen(false);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alertQueries.all }),
  });
  const close = () => {
    setOpen(false);
    create.reset();
  };
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        Price Alert
      </Button>
      <Modal open={open} title="Set a Price Alert" onClose={close} width={440}>
        <TargetPriceForm
          key={`${watched.size}-${watched.currentPrice}`}
          watched={watched}
          initialTarget={null}
          label="Set Alert"
          busy={create.isPending}
          serverError={create.error?.message ?? null}
          onSubmit={(targetPrice) => create.mutate({ sneakerId, targetPrice, size: watched.size })}
          onCancel={close}
        />
      </Modal>
    </>
  );
}
