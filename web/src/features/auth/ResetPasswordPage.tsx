import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi, authQueries } from './api.ts';
import { Button, DialogActions, Loading } from '../../ui/index.ts';
import { AuthLayout, FormError } from './AuthLayout.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { validateNewPassword } from './validation.ts';

export const RESET_REDIRECT_MS = 3_000;

type Phase = 'verifying' | 'valid' | 'invalid' | 'success';

/** Verifying, then the form (valid), invalid, or success with a redirect to /login after 3 s. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [succeeded, setSucceeded] = useState(false);
  const verified = useQuery({ ...authQueries.resetToken(token), enabled: token !== '' });
  const phase: Phase = succeeded ? 'success' : !token ? 'invalid' : verified.data === undefined ? 'verifying' : verified.data ? 'valid' : 'invalid';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirm);
    if (invalid) return setError(invalid);
    setError(null);
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      setSucceeded(true);
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : 'Failed to reset password');
    } finally {
      setBusy(false);
    }
  };

  if (phase === 'verifying')
    return (
      <AuthLayout title="Reset Password">
        <Loading message="Verifying reset link..." />
      </AuthLayout>
    );
  if (phase === 'invalid')
    return (
      <AuthLayout title="Invalid or expired link" subtitle="This password reset link is no longer valid. Request a new one from the sign-in page.">
        <Button type="button" onClick={() => navigate('/login')}>
          Back to Login
        </Button>
      </AuthLayout>
    );
  if (phase === 'success')
    return (
      <AuthLayout title="Password reset successful" subtitle="You can now sign in with your new password. Taking you to the sign-in page...">
        <Button type="button" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      </AuthLayout>
    );
  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Reset password">
        {error && <FormError role="alert">{error}</FormError>}
        <PasswordInput label="New password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <DialogActions onCancel={() => navigate('/login')} busy={busy} label="Reset Password" busyLabel="Resetting..." />
      </form>
    </AuthLayout>
  );
}
