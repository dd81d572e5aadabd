import { api } from '../api/client.ts';
import type { AuthResult, Tokens, User } from './types.ts';

/** The auth calls of spec 1 §7, with the spec's fallback messages. */
export const authApi = {
  login: (email: string, password: string) => api.post<AuthResult>('/auth/login', { email, password }, { auth: false, fallback: 'Login failed' }),
  register: (name: string, email: string, password: string) =>
    api.post<AuthResult>('/auth/register', { name, email, password }, { auth: false, fallback: 'Registration failed' }),
  google: (code: string, redirectUri: string) => api.post<AuthResult>('/auth/google', { code, redirectUri }, { auth: false, fallback: 'Google login failed. Please try again.' }),
  testLogin: (email: string) => api.post<AuthResult>('/auth/test-login', { email }, { auth: false, fallback: 'Test login failed' }),
  refresh: (refreshToken: string) => api.post<{ tokens: Tokens; user?: User }>('/auth/refresh', { refreshToken }, { auth: false, fallback: 'Token refresh failed' }),
  logout: (refreshToken: string) => api.post<unknown>('/auth/logout', { refreshToken }, { auth: false }),
  me: () => api.get<User>('/auth/me', { fallback: 'Failed to get user profile' }),
};
