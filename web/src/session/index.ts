export { useSession } from './useSession.ts';
export { SessionProvider } from './SessionProvider.tsx';
export { AuthFailureNotice } from './AuthFailureNotice.tsx';
