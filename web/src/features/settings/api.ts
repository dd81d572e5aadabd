import { queryOptions } from '@tanstack/react-query';
import { api, request } from '../../api/client.ts';

export interface Profile {
  name: string;
  email: string;
  hasPassword: boolean;
  /** Whether the account gets optional emails (price alerts, trial, product news). */
  emailNotifications: boolean;
  /** A new email waiting for the link sent to it. */
  pendingEmail?: string;
}
interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const PROFILE_LOAD_FAILED = 'Failed to load user profile';

/** The settings page's queries: the profile (always refetched on mount) and the API keys. */
export const settingsQueries = {
  all: ['settings'] as const,
  profile: () =>
    queryOptions({ queryKey: ['settings', 'profile'], queryFn: ({ signal }) => api.get<Profile>('/user/profile', { signal, fallback: PROFILE_LOAD_FAILED }), staleTime: 0 }),
  apiKeys: () => queryOptions({ queryKey: ['settings', 'api-keys'], queryFn: ({ signal }) => api.get<ApiKey[]>('/user/api-keys', { signal }) }),
};

export const settingsApi = {
  /** A new email comes back as `pendingEmail`: it takes effect once the link sent to it is opened. */
  updateProfile: (body: { name: string; email: string; currentPassword?: string }) => api.put<{ name: string; email: string; pendingEmail?: string }>('/user/profile', body),
  changePassword: (body: { currentPassword: string; newPassword: string }) => api.put<{ message: string }>('/user/password', body),
  setEmailNotifications: (emailNotifications: boolean) => api.put<{ emailNotifications: boolean }>('/user/email-preferences', { emailNotifications }),
  deleteAccount: (password?: string) => request<{ message: string }>('DELETE', '/user', { body: password ? { password } : {} }),
  createApiKey: (name: string) => api.post<ApiKey & { key: string }>('/user/api-keys', { name }),
  revokeApiKey: (id: string) => api.del<{ message: string }>(`/user/api-keys/${encodeURIComponent(id)}`),
};
