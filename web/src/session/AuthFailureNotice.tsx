import { useEffect } from 'react';
import { AUTH_FAILED_MESSAGE } from '../api/errors.ts';
import { useToast } from '../ui/index.ts';
import { AUTH_FAILED_EVENT } from './session.ts';

/** Tells the member why they are back on the sign-in page after a session could not be renewed. */
export function AuthFailureNotice() {
  const toast = useToast();
  useEffect(() => {
    const onFailure = () => toast.show({ title: AUTH_FAILED_MESSAGE, variant: 'error', duration: 5_000 });
    window.addEventListener(AUTH_FAILED_EVENT, onFailure);
    return () => window.removeEventListener(AUTH_FAILED_EVENT, onFailure);
  }, [toast]);
  return null;
}
