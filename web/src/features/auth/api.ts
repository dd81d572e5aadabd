import { queryOptions } from '@tanstack/react-query';
import type { ClientConfig } from '@kicksight/contracts/auth';
import { api } from '../../api/client.ts';

/** The password-reset calls of spec 1 §7, with the spec's fallback messages (sign-in itself lives in the session). */
export const authApi = {
  forgotPassword: (email: string) => api.post<{ message: string }>('/auth/forgot-password', { email }, { auth: false, fallback: 'Failed to send reset email' }),
  resetPassword: (token: string, password: string) =>
    api.post<{ message: string }>('/auth/reset-password', { token, password }, { auth: false, fallback: 'Failed to reset password' }),
  confirmEmailChange: (token: string) =>
    api.post<{ message: string }>('/auth/confirm-email-change', { token }, { auth: false, fallback: 'This link is invalid or has expired.' }),
  undoEmailChange: (token: string) =>
    api.post<{ message: string }>('/auth/undo-email-change', { token }, { auth: false, fallback: 'This link is invalid or has expired.' }),
  /** Any failure counts as an invalid link. */
  async verifyResetToken(token: string): Promise<boolean> {
    try {
      const answer = await api.get<{ valid: boolean }>('/auth/verify-reset-token', { query: { token }, auth: false });
      return answer.valid === true;
    } catch {
      return false;
    }
  },
};

/** The sign-in pages' queries. */
export const authQueries = {
  all: ['auth'] as const,
  /** What the server says before anyone signs in (whether test sign-in is on); a failure counts as off. */
  clientConfig: () =>
    queryOptions({
      queryKey: ['auth', 'config'],
      queryFn: ({ signal }) => api.get<ClientConfig>('/config', { signal, auth: false }),
      staleTime: Infinity,
    }),
  /** Whether a reset link's token is still good (any failure counts as an invalid link); checked once per page visit. */
  resetToken: (token: string) =>
    queryOptions({ queryKey: ['auth', 'reset-token', token], queryFn: () => authApi.verifyResetToken(token), retry: false, staleTime: Infinity, gcTime: 0 }),
};
