import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi } from './api.ts';
import { Button, DialogActions, Stack, TextField } from '../../ui/index.ts';
import { AuthLayout, FormError } from './AuthLayout.tsx';
import { RESET_LINK_SENT } from './messages.ts';

/** Asks for an email and requests a reset link. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Please enter your email address.');
    setError(null);
    setBusy(true);
    try {
      await authApi.forgotPassword(email.trim());
      setSent(true);
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : 'Failed to send reset email');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Forgot Password" subtitle="Enter your email and we'll send you a link to reset your password.">
      {sent ? (
        <Stack>
          <p role="status">{RESET_LINK_SENT}</p>
          <Button type="button" onClick={() => navigate('/login')}>
            Back to Login
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Request a reset link">
          {error && <FormError role="alert">{error}</FormError>}
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <DialogActions onCancel={() => navigate('/login')} busy={busy} label="Send Reset Link" busyLabel="Sending..." />
          <Button type="button" $variant="ghost" onClick={() => navigate('/login')}>
            Back to Login
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
