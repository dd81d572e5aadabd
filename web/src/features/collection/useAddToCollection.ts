import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { collectionApi, refreshCollectionViews, type CreateItem } from './api.ts';
import { membershipQueries } from '../membership/index.ts';
import { useToast } from '../../ui/index.ts';
import { useCollectionLimitPrompt } from './useCollectionLimitPrompt.ts';
import { addFailureOf } from './add-errors.ts';

/**
 * Adding a catalogue sneaker to the collection: allowed unless the usage status says no more items
 * (allowed when that check fails); a full collection opens the upgrade prompt with the held count and limit.
 */
export function useAddToCollection() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const usage = useQuery(membershipQueries.usage());
  const canAdd = usage.data?.canAddToCollection ?? true;

  const openLimitPrompt = useCollectionLimitPrompt();

  const mutation = useMutation({
    mutationFn: idempotent((item: CreateItem, key: string) => collectionApi.add(item, key)),
    onSuccess: () => toast.show({ title: 'Added to Collection', variant: 'success' }),
    onError: (error) => {
      const outcome = addFailureOf(error);
      if (outcome.kind === 'prompt') void openLimitPrompt();
      else toast.show({ title: outcome.message, variant: 'error', duration: 5_000 });
    },
    onSettled: () => refreshCollectionViews(queryClient),
  });

  const add = (item: CreateItem) => {
    if (!canAdd) return void openLimitPrompt();
    mutation.mutate(item);
  };
  return { add, canAdd, pending: mutation.isPending, openLimitPrompt };
}
