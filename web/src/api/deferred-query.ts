import { useDeferredValue } from 'react';
import { useQuery, type DefaultError, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

/**
 * A query whose answers reach the page in a render React can pause: an answer from the server would otherwise
 * be drawn in one task (a query's store updates render at once), however much it brings on screen. The page
 * shows the previous state of the query, whole (its status and data together), until the new one has rendered.
 * For the queries that draw a lot: a page of cards, a chart, a table.
 */
export function useDeferredQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  return useDeferredValue(useQuery(options));
}
