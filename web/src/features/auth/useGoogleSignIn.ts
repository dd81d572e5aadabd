import { useState } from 'react';
import { requestGoogleCode } from '../../session/google-popup.ts';
import { useSession } from '../../session/index.ts';

/** Runs the popup flow and signs in with the code; `failure` is the page's message for a failed sign-in. */
export function useGoogleSignIn(failure: string, onSignedIn: () => void) {
  const { googleLogin } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const { code, redirectUri } = await requestGoogleCode();
      await googleLogin(code, redirectUri);
      onSignedIn();
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : '';
      setError(message === 'OAuth popup was closed' || message === 'Failed to open popup window' ? message : failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, start };
}
