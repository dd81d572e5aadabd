import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardTitle, Stack, TextField, useToast } from '../../ui/index.ts';
import { settingsApi } from './api.ts';
import { hasErrors, passwordErrorMessage, validatePassword, type PasswordErrors, type PasswordForm } from './validation.ts';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password; accounts without a password (Google sign-in) see a notice instead. */
export function SecurityCard({ hasPassword }: { hasPassword: boolean }) {
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const toast = useToast();
  const change = useMutation({
    mutationFn: settingsApi.changePassword,
    onSuccess: () => {
      setForm(EMPTY);
      toast.show({ title: 'Password Changed', description: 'Use your new password next time you sign in.' });
    },
    onError: (error) => {
      const message = passwordErrorMessage(error as { code?: string; message?: string });
      if (message === 'Current password is incorrect') setErrors({ currentPassword: message });
      toast.show({ title: message, variant: 'error', duration: 5_000 });
    },
  });

  if (!hasPassword)
    return (
      <Card aria-labelledby="security-title">
        <CardTitle id="security-title">Security</CardTitle>
        <div role="note">
          <strong>Google OAuth Account</strong>
          <p style={{ margin: '4px 0 0' }}>You sign in with Google, so there is no password to change here. Manage your password in your Google account.</p>
        </div>
      </Card>
    );

  const edit = (field: keyof PasswordForm) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePassword(form);
    setErrors(found);
    if (!hasErrors(found)) change.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword });
  };

  return (
    <Card aria-labelledby="security-title">
      <CardTitle id="security-title">Security</CardTitle>
      <form onSubmit={submit} noValidate>
        <Stack $gap={3}>
          <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={form.currentPassword} onChange={edit('currentPassword')} error={errors.currentPassword} />
          <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" value={form.newPassword} onChange={edit('newPassword')} error={errors.newPassword} />
          <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={edit('confirmPassword')} error={errors.confirmPassword} />
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
