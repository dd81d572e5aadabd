import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button, Loading } from '../../ui/index.ts';
import { callbackMessageOf } from '../../session/google-popup.ts';
import { AuthLayout, FormError } from './AuthLayout.tsx';

const NO_OPENER = 'This page finishes a Google sign-in started from the sign-in page, and that window is gone. Start again from there.';

/** What the callback page shows: the spec's processing line while it hands a code to its opener, else what went wrong. */
export function callbackViewOf(params: URLSearchParams, hasOpener: boolean): { kind: 'processing' } | { kind: 'error'; message: string } {
  const message = callbackMessageOf(params);
  if (!message.ok) return { kind: 'error', message: message.error };
  return hasOpener ? { kind: 'processing' } : { kind: 'error', message: NO_OPENER };
}

/** The popup's landing page after Google: reports the code (or the error) to the opener and closes. */
export default function AuthCallbackPage() {
  const params = new URLSearchParams(window.location.search);
  const view = callbackViewOf(params, Boolean(window.opener));
  useEffect(() => {
    if (!window.opener) return;
    window.opener.postMessage(callbackMessageOf(new URLSearchParams(window.location.search)), window.location.origin);
    const timer = setTimeout(() => window.close(), 300);
    return () => clearTimeout(timer);
  }, []);
  if (view.kind === 'processing') return <Loading message="Processing authentication..." />;
  return (
    <AuthLayout title="Sign-in did not finish">
      <FormError role="alert">{view.message}</FormError>
      <Button as={Link} to="/login">
        Back to Sign In
      </Button>
    </AuthLayout>
  );
}
