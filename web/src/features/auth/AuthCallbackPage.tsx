import { useEffect } from 'react';
import { Loading } from '../../ui/index.ts';
import { callbackMessageOf } from '../../session/google-popup.ts';

/** The popup's landing page after Google: reports the code (or the error) to the opener and closes. */
export default function AuthCallbackPage() {
  useEffect(() => {
    const message = callbackMessageOf(new URLSearchParams(window.location.search));
    window.opener?.postMessage(message, window.location.origin);
    const timer = setTimeout(() => window.close(), 300);
    return () => clearTimeout(timer);
  }, []);
  return <Loading message="Processing authentication..." />;
}
