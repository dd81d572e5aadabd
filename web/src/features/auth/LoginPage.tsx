import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { returnPathOf } from '../../app/guards.tsx';
import { useSession } from '../../session/index.ts';
import { Button, Checkbox, TextField, useToast } from '../../ui/index.ts';
import { AuthLayout, Divider, FormError, Row } from './AuthLayout.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { useGoogleSignIn } from './useGoogleSignIn.ts';
import { useTestLoginEnabled } from './useTestLogin.ts';
import { GOOGLE_LOGIN_FAILED, LOGIN_FAILED, WELCOME_BACK, validateLogin } from './messages.ts';

const loginFailure = (error: unknown): string =>
  error instanceof ApiError && (error.status === 401 || error.code === 'INVALID_CREDENTIALS') ? LOGIN_FAILED : error instanceof Error ? error.message : LOGIN_FAILED;

/** Sign In: Google, email and password, or (where the server enables it) test sign-in. */
export default function LoginPage() {
  const { login, testLogin } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [testEmail, setTestEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const testLoginEnabled = useTestLoginEnabled();

  const done = () => {
    toast.show({ title: WELCOME_BACK, variant: 'success', duration: 3_000 });
    navigate(returnPathOf(location.state) ?? '/admin/dashboard', { replace: true });
  };
  const google = useGoogleSignIn(GOOGLE_LOGIN_FAILED, done);

  const run = async (action: () => Promise<unknown>, failure: (e: unknown) => string) => {
    setError(null);
    setBusy(true);
    try {
      await action();
      done();
    } catch (cause) {
      setError(failure(cause));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateLogin(email, password);
    if (invalid) return setError(invalid);
    void run(() => login(email.trim(), password, remember), loginFailure);
  };

  const submitTest = (event: FormEvent) => {
    event.preventDefault();
    void run(() => testLogin(testEmail.trim()), (e) => (e instanceof Error ? e.message : 'Test login failed'));
  };

  const shown = error ?? google.error;
  return (
    <AuthLayout title="Sign In" subtitle="Welcome back to Kicksight">
      <GoogleButton label="Sign in with Google" busy={google.busy} onClick={() => void google.start()} />
      <Divider>or</Divider>
      <form onSubmit={submit} noValidate aria-label="Sign in">
        {shown && <FormError role="alert">{shown}</FormError>}
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordInput label="Password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Row>
          <Checkbox>
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            Keep me logged in
          </Checkbox>
          <Link to="/forgot-password">Forgot password?</Link>
        </Row>
        <Button type="submit" $block $size="lg" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <Row>
        <span>New to Kicksight?</span>
        <Link to="/register">Create an Account</Link>
      </Row>
      {testLoginEnabled && (
        <form onSubmit={submitTest} aria-label="Test sign-in">
          <Divider>test sign-in</Divider>
          <TextField label="Test account email" type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} />
          <Button type="submit" $variant="secondary" disabled={busy || !testEmail.trim()}>
            Test Sign In
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
