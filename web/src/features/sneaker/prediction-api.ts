import { queryOptions } from '@tanstack/react-query';
import type { PredictionSummary } from '@kicksight/contracts';
import { api } from '../../api/client.ts';
import { shouldRetry } from '../../api/retry.ts';

export type { PredictionSummary };

/** The detail page's forecast: stale after 15 minutes, 2 retries. */
export const predictionSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: ['predictions', 'summary', id],
    queryFn: ({ signal }) => api.get<PredictionSummary>(`/sneakers/${encodeURIComponent(id)}/prediction-summary`, { signal }),
    staleTime: 15 * 60_000,
    retry: (failures, error) => shouldRetry(failures, error, 2),
  });
