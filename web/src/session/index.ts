export { useSession, CREDENTIALS_REQUIRED } from './useSession.ts';
export { SessionProvider } from './SessionProvider.tsx';
export type { AuthResult, AuthState, MembershipTier, Tokens, User } from './types.ts';
export { AuthFailureNotice } from './AuthFailureNotice.tsx';
