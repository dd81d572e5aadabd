import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { refreshCollectionViews } from '../collection/index.ts';
import { DialogActions, FieldError, Modal, Stack, formatDate, useToast } from '../../ui/index.ts';
import { salesApi, type SaleView } from './api.ts';

/** Confirms and undoes a sale: the pair is owned again. */
export function UndoSaleDialog({ sale, onClose }: { sale: SaleView; onClose(): void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const undo = useMutation({
    mutationFn: idempotent((target: { itemId: string }, key: string) => salesApi.undo(target.itemId, key)),
    onSuccess: () => {
      toast.show({ title: 'Sale undone', description: `${sale.name} is back in your collection`, variant: 'success' });
      onClose();
    },
    onSettled: () => refreshCollectionViews(queryClient),
  });
  return (
    <Modal open title="Undo sale" onClose={onClose} width={420}>
      <Stack $gap={4}>
        <p style={{ margin: 0 }}>
          Undo the sale of <strong>{sale.name}</strong> (US {sale.size}) on {formatDate(sale.soldAt)}? The pair goes back to your collection.
        </p>
        {undo.isError && <FieldError role="alert">{undo.error.message}</FieldError>}
        <DialogActions onCancel={onClose} busy={undo.isPending} label="Undo sale" busyLabel="Undoing..." danger onConfirm={() => undo.mutate({ itemId: sale.itemId })} />
      </Stack>
    </Modal>
  );
}
