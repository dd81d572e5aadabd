export type MembershipTier = 'trial' | 'premium' | 'unlimited' | 'admin';

export interface User {
  id: string;
  email: string;
  name: string;
  membershipTier: MembershipTier;
  avatarUrl?: string;
  hasPassword?: boolean;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface AuthResult {
  user: User;
  tokens: Tokens;
}

/** The auth state of spec 1 §3, persisted in browser storage. */
export interface AuthState {
  user: User | null;
  tokens: Tokens | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  hydrated: boolean;
}

export const SIGNED_OUT: AuthState = { user: null, tokens: null, isAuthenticated: false, isLoading: false, hydrated: true };
