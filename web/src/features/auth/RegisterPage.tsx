import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RegisterPlanBox, startCheckoutAfterSignup } from '../membership/index.ts';
import { useSession } from '../../session/index.ts';
import { Button, Checkbox, TextField, useToast } from '../../ui/index.ts';
import { AuthLayout, Divider, FormError, Row } from './AuthLayout.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { useGoogleSignIn } from './useGoogleSignIn.ts';
import { GOOGLE_SIGNUP_FAILED } from './messages.ts';
import { validateRegistration } from './validation.ts';

const PLANS = ['trial', 'premium', 'unlimited'] as const;
type Plan = (typeof PLANS)[number];

/** The plan and billing of the URL (billing defaults to monthly); unknown values count as none. */
export function planOf(params: URLSearchParams): { plan: Plan | null; billing: 'monthly' | 'yearly' } {
  const plan = params.get('plan');
  return { plan: (PLANS as readonly string[]).includes(plan ?? '') ? (plan as Plan) : null, billing: params.get('billing') === 'yearly' ? 'yearly' : 'monthly' };
}

/** Create Account, with an optional plan chosen on the pricing page. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const { plan, billing } = planOf(params);
  const paid = plan === 'premium' || plan === 'unlimited';
  const { register } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '', acceptedTerms: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const afterSignUp = () =>
    startCheckoutAfterSignup({
      plan,
      billing,
      navigate: (to) => navigate(to, { replace: true }),
      notify: (tone, message) => toast.show({ title: message, variant: tone, duration: 5_000 }),
    });
  const google = useGoogleSignIn(GOOGLE_SIGNUP_FAILED, () => void afterSignUp());

  const set = (field: keyof typeof form) => (value: string | boolean) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRegistration(form);
    if (invalid) return setError(invalid);
    setError(null);
    setBusy(true);
    try {
      await register(form.name.trim(), form.email.trim(), form.password);
    } catch (cause) {
      setBusy(false);
      return setError(cause instanceof Error && cause.message ? cause.message : 'Registration failed');
    }
    await afterSignUp();
    setBusy(false);
  };

  const shown = error ?? google.error;
  return (
    <AuthLayout title="Create Account" subtitle="Track what your collection is worth today.">
      {plan && <RegisterPlanBox plan={plan} billing={billing} />}
      <GoogleButton label="Sign up with Google" busy={google.busy} onClick={() => void google.start()} />
      <Divider>or</Divider>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create account">
        {shown && <FormError role="alert">{shown}</FormError>}
        <TextField label="Full name" name="name" autoComplete="name" value={form.name} onChange={(e) => set('name')(e.target.value)} />
        <TextField label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} />
        <PasswordInput label="Password" name="password" autoComplete="new-password" placeholder="Min. 8 characters" value={form.password} onChange={(e) => set('password')(e.target.value)} />
        <PasswordInput label="Confirm password" name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={(e) => set('confirmPassword')(e.target.value)} />
        <Checkbox>
          <input type="checkbox" checked={form.acceptedTerms} onChange={(e) => set('acceptedTerms')(e.target.checked)} />
          <span>
            I agree to the{' '}
            <a href="https://kicksight.app/terms" target="_blank" rel="noreferrer">
              Terms of Service
            </a>{' '}
            and{' '}
            <a href="https://kicksight.app/privacy" target="_blank" rel="noreferrer">
              Privacy Policy
            </a>
          </span>
        </Checkbox>
        <Button type="submit" $block $size="lg" disabled={busy}>
          {busy ? 'Creating account...' : paid ? 'Create Account & Continue to Checkout' : 'Create Account'}
        </Button>
      </form>
      <Row>
        <span>Already have an account?</span>
        <Link to="/login">Sign In</Link>
      </Row>
    </AuthLayout>
  );
}
