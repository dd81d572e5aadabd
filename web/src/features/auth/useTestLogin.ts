import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client.ts';

/** Whether the server offers test sign-in: it answers an empty request with a validation error only when it does. */
export function useTestLoginEnabled(): boolean {
  const probe = useQuery({
    queryKey: ['auth', 'test-login-enabled'],
    queryFn: async () => {
      try {
        await api.post('/auth/test-login', {}, { auth: false });
        return true;
      } catch (error) {
        return error instanceof ApiError && error.status === 400;
      }
    },
    retry: false,
    staleTime: Infinity,
  });
  return probe.data === true;
}
