import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { collectionApi, refreshCollectionViews, type CollectionItem } from './api.ts';
import { DialogActions, Modal, Stack, useToast } from '../../ui/index.ts';

/** Confirms and removes an item. */
export function RemoveItemDialog({ item, onClose }: { item: CollectionItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: idempotent((target: { id: string }, key: string) => collectionApi.remove(target.id, key)),
    onSuccess: () => {
      toast.show({ title: 'Item Removed', variant: 'success' });
      onClose();
    },
    onError: () => toast.show({ title: 'Failed to remove item from collection. Please try again.', variant: 'error', duration: 5_000 }),
    onSettled: () => refreshCollectionViews(queryClient),
  });
  return (
    <Modal open title="Remove Item" onClose={onClose} width={420}>
      <Stack $gap={4}>
        <p style={{ margin: 0 }}>
          Remove <strong>{item.name}</strong> (US {item.size}) from your collection?
        </p>
        <DialogActions onCancel={onClose} busy={remove.isPending} label="Remove" busyLabel="Removing..." danger onConfirm={() => remove.mutate({ id: item.id })} />
      </Stack>
    </Modal>
  );
}
