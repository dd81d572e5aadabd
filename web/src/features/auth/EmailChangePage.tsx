import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../ui/index.ts';
import { authApi } from './api.ts';
import { AuthLayout, FormError } from './AuthLayout.tsx';

/** What each link of an email change asks of its reader. */
const PAGES = {
  confirm: {
    title: 'Confirm your new email',
    subtitle: 'Your account will sign in with this address once you confirm it.',
    action: 'Confirm Email',
    busy: 'Confirming...',
    doneTitle: 'Email changed',
    run: authApi.confirmEmailChange,
  },
  undo: {
    title: 'Undo the email change',
    subtitle: 'Your previous address comes back and every session is signed out. Choose a new password afterwards if you did not make the change.',
    action: 'Undo the Change',
    busy: 'Restoring...',
    doneTitle: 'Email restored',
    run: authApi.undoEmailChange,
  },
} as const;

/**
 * The page a link of an email change opens (`/confirm-email`, `/undo-email-change`): the change is made
 * only when the reader presses the button, never by opening the link (mail scanners open links).
 */
function EmailChangePage({ kind }: { kind: keyof typeof PAGES }) {
  const page = PAGES[kind];
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const change = useMutation({ mutationFn: () => page.run(token) });

  if (!token)
    return (
      <AuthLayout title="Invalid or expired link" subtitle="This link is no longer valid. Sign in and change your email from Settings again.">
        <Button type="button" onClick={() => navigate('/login')}>
          Back to Login
        </Button>
      </AuthLayout>
    );
  if (change.isSuccess)
    return (
      <AuthLayout title={page.doneTitle} subtitle={change.data.message}>
        <Button type="button" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      </AuthLayout>
    );
  return (
    <AuthLayout title={page.title} subtitle={page.subtitle}>
      {change.isError && <FormError role="alert">{change.error.message || 'This link is invalid or has expired.'}</FormError>}
      <Button type="button" onClick={() => change.mutate()} disabled={change.isPending}>
        {change.isPending ? page.busy : page.action}
      </Button>
    </AuthLayout>
  );
}

/** `/confirm-email?token=`: the link sent to the new address. */
export const ConfirmEmailPage = () => <EmailChangePage kind="confirm" />;
/** `/undo-email-change?token=`: the link sent to the previous address. */
export const UndoEmailChangePage = () => <EmailChangePage kind="undo" />;
