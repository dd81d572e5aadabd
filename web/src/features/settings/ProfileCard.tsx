import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { session } from '../../session/session.ts';
import { Button, Card, CardTitle, Muted, Stack, TextField, useToast } from '../../ui/index.ts';
import { settingsApi, settingsQueries, type Profile } from './api.ts';
import { changesEmail, hasErrors, profileErrorMessage, profilePayload, splitName, validateProfile, type ProfileErrors, type ProfileForm } from './validation.ts';

/**
 * Profile: first and last name and email, with the spec's checks and server errors (spec 3 §5, §8). A new
 * email asks for the password (accounts that have one) and takes effect once the link sent to it is opened.
 * Keyed by the saved profile, so a change to it starts the form afresh.
 */
export function ProfileCard({ profile }: { profile: Profile }) {
  const [form, setForm] = useState<ProfileForm>(() => ({ ...splitName(profile.name), email: profile.email, currentPassword: '' }));
  const asksPassword = profile.hasPassword && changesEmail(form, profile.email);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const toast = useToast();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: settingsApi.updateProfile,
    onSuccess: (saved) => {
      // The saved profile replaces the cached one; a pending email stays until its link is opened.
      queryClient.setQueryData<Profile>(settingsQueries.profile().queryKey, (old) => (old ? { ...old, ...saved, pendingEmail: saved.pendingEmail ?? old.pendingEmail } : old));
      session.updateUser({ name: saved.name, email: saved.email });
      // The field shows the address as stored (trimmed and lower-cased), whatever was typed.
      setForm((f) => ({ ...f, email: saved.email, currentPassword: '' }));
      if (saved.pendingEmail) {
        toast.show({ title: 'Confirm your new email', description: `We sent a link to ${saved.pendingEmail}. Your email changes once you open it.` });
      } else toast.show({ title: 'Profile Updated', description: 'Your profile has been saved.' });
    },
    onError: (error) => {
      const message = profileErrorMessage(error as { code?: string; message?: string });
      if (message.startsWith('This email')) setErrors({ email: message });
      if (message === 'Current password is incorrect') setErrors({ currentPassword: message });
      toast.show({ title: message, variant: 'error', duration: 5_000 });
    },
  });

  const edit = (field: keyof ProfileForm) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(form, profile);
    setErrors(found);
    if (!hasErrors(found)) save.mutate(profilePayload(form));
  };

  return (
    <Card aria-labelledby="profile-title">
      <CardTitle id="profile-title">Profile</CardTitle>
      <form onSubmit={submit} noValidate>
        <Stack $gap={3}>
          <Stack $row $wrap $gap={3}>
            <div style={{ flex: '1 1 200px' }}>
              <TextField label="First name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={edit('firstName')} error={errors.firstName} />
            </div>
            <div style={{ flex: '1 1 200px' }}>
              <TextField label="Last name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={edit('lastName')} error={errors.lastName} />
            </div>
          </Stack>
          <TextField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={edit('email')} error={errors.email} />
          {asksPassword && (
            <TextField
              label="Password (to confirm the new email)"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={form.currentPassword}
              onChange={edit('currentPassword')}
              error={errors.currentPassword}
            />
          )}
          {profile.pendingEmail && <Muted role="status">Waiting for confirmation: open the link we sent to {profile.pendingEmail} to use it.</Muted>}
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
