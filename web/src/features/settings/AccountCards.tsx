import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/index.ts';
import { useThemeMode, type DarkStyle } from '../../theme/index.ts';
import { Button, Card, CardTitle, Checkbox, Modal, Muted, SelectField, Stack, TextField, useToast } from '../../ui/index.ts';
import { messageOf } from '../../api/errors.ts';
import { membershipQueries, openBillingPortal } from '../membership/index.ts';
import { settingsApi, settingsQueries, type Profile } from './api.ts';

/** Email notifications on or off, as the account's profile has them (the server keeps the choice). */
export function EmailNotificationsCard({ enabled }: { enabled: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: settingsApi.setEmailNotifications,
    onSuccess: ({ emailNotifications }) => {
      queryClient.setQueryData<Profile>(settingsQueries.profile().queryKey, (old) => (old ? { ...old, emailNotifications } : old));
      toast.show({ title: emailNotifications ? 'Email notifications on' : 'Email notifications off' });
    },
    onError: (error) => toast.show({ title: messageOf(error, 'Failed to update email preferences'), variant: 'error' }),
  });
  return (
    <Card aria-labelledby="email-title">
      <CardTitle id="email-title">Email Notifications</CardTitle>
      <Checkbox>
        <input type="checkbox" checked={enabled} disabled={save.isPending} onChange={(e) => save.mutate(e.target.checked)} />
        Send me emails about price alerts, my trial and product news
      </Checkbox>
      <p style={{ margin: '8px 0 0' }}>
        <Muted>Password resets and payment emails are always sent.</Muted>
      </p>
    </Card>
  );
}

/** Shown to paid plans only: the plan and the billing portal in a new tab. */
export function SubscriptionCard() {
  const status = useQuery(membershipQueries.status());
  const toast = useToast();
  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.open(url, '_blank', 'noopener'),
    onError: () => toast.show({ title: 'Error opening billing portal', variant: 'error' }),
  });
  const plan = status.data?.plan.name;
  if (plan !== 'premium' && plan !== 'unlimited') return null;
  return (
    <Card aria-labelledby="subscription-title">
      <CardTitle id="subscription-title">Subscription Management</CardTitle>
      <Stack $gap={3}>
        <p style={{ margin: 0, fontWeight: 600 }}>{plan === 'premium' ? 'Premium Membership' : 'Unlimited Membership'}</p>
        <div>
          <Button type="button" $variant="secondary" disabled={portal.isPending} onClick={() => portal.mutate()}>
            Open Billing Portal ↗
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

/** Dark mode, its style (Stone or Night, stored in this browser), and the settings still to come. */
export function DisplayCard() {
  const { mode, setMode, darkStyle, setDarkStyle } = useThemeMode();
  return (
    <Card aria-labelledby="display-title">
      <CardTitle id="display-title">Display</CardTitle>
      <Stack $gap={3}>
        <Checkbox>
          <input type="checkbox" checked={mode === 'dark'} onChange={(e) => setMode(e.target.checked ? 'dark' : 'light')} />
          Dark mode
        </Checkbox>
        <SelectField label="Dark theme style" value={darkStyle} onChange={(e) => setDarkStyle(e.target.value as DarkStyle)}>
          <option value="stone">Stone</option>
          <option value="night">Night</option>
        </SelectField>
        <span title="Coming soon">
          <SelectField label="Language" disabled value="en" hint="Coming soon">
            <option value="en">English</option>
          </SelectField>
        </span>
        <span title="Coming soon">
          <SelectField label="Currency" disabled value="usd" hint="Coming soon">
            <option value="usd">USD</option>
          </SelectField>
        </span>
      </Stack>
    </Card>
  );
}

/** Deletes the account and all its data, behind a confirmation (the password when the account has one). */
export function DeleteAccountCard({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { signOut } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => settingsApi.deleteAccount(hasPassword ? password : undefined),
    onSuccess: async () => {
      setOpen(false);
      toast.show({ title: 'Account deleted', description: 'Your account and its data have been deleted.' });
      await signOut();
      navigate('/login', { replace: true });
    },
    onError: (failure) => setError(messageOf(failure, 'Failed to delete account')),
  });
  return (
    <Card aria-labelledby="delete-title">
      <CardTitle id="delete-title">Delete Account</CardTitle>
      <Stack $gap={3}>
        <Muted>Deleting your account removes your collection, alerts and subscription for good.</Muted>
        <div>
          <Button type="button" $variant="danger" onClick={() => setOpen(true)}>
            Delete Account
          </Button>
        </div>
      </Stack>
      <Modal open={open} title="Delete your account?" onClose={() => setOpen(false)}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            remove.mutate();
          }}
        >
          <Stack $gap={3}>
            <p style={{ margin: 0 }}>This cannot be undone. Your collection, alerts, notifications and subscription will be deleted.</p>
            {hasPassword && <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} />}
            {!hasPassword && error && <p role="alert">{error}</p>}
            <Stack $row $gap={2} $justify="flex-end">
              <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
                Keep Account
              </Button>
              <Button type="submit" $variant="danger" disabled={remove.isPending || (hasPassword && !password)}>
                Delete Forever
              </Button>
            </Stack>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
