import { useQuery } from '@tanstack/react-query';
import { authQueries } from './api.ts';

/** Whether the server offers test sign-in. */
export function useTestLoginEnabled(): boolean {
  return useQuery(authQueries.clientConfig()).data?.testLogin === true;
}
