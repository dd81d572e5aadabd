import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../api/retry.ts';

export { shouldRetry } from '../api/retry.ts';

export const STALE_MS = 5 * 60_000;
export const GC_MS = 10 * 60_000;
const MAX_RETRY_DELAY_MS = 30_000;
const MUTATION_RETRY_DELAY_MS = 1_000;

/** Exponential backoff capped at 30 s: 1 s, 2 s, 4 s ... */
export const retryDelay = (attempt: number): number => Math.min(1_000 * 2 ** attempt, MAX_RETRY_DELAY_MS);

/** Query caching of spec 1 §9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        gcTime: GC_MS,
        retry: (count, error) => shouldRetry(count, error),
        retryDelay,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: (count, error) => shouldRetry(count, error, 1), retryDelay: MUTATION_RETRY_DELAY_MS },
    },
  });
}
