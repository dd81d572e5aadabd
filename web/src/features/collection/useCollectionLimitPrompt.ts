import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { collectionQueries } from './api.ts';
import { membershipQueries } from '../membership/index.ts';
import { useUpgradePrompt } from '../upgrade-prompt/index.ts';

/**
 * Opens the collection-limit prompt with the count the collection service holds now (never a cached or
 * billing's later-updated count) against the plan's limit; without either figure it opens without the usage.
 */
export function useCollectionLimitPrompt(): () => Promise<void> {
  const queryClient = useQueryClient();
  const prompt = useUpgradePrompt();
  return useCallback(async () => {
    const [stats, usage] = await Promise.allSettled([
      queryClient.fetchQuery({ ...collectionQueries.stats(), staleTime: 0 }),
      queryClient.fetchQuery({ ...membershipQueries.usage(), staleTime: 0 }),
    ]);
    const used = stats.status === 'fulfilled' ? stats.value.totalItems : null;
    const limit = usage.status === 'fulfilled' ? usage.value.collectionItemsLimit : undefined;
    prompt.open({ trigger: 'collection_limit', usage: used !== null && limit !== undefined ? { used, limit, label: 'Collection items' } : null });
  }, [queryClient, prompt]);
}
