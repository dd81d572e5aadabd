import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { Button, Card, CardTitle, ErrorState, Muted, Skeleton, Stack, TextField, formatDate, useToast } from '../../ui/index.ts';
import { messageOf } from '../../api/errors.ts';
import { settingsApi, settingsQueries } from './api.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Key = styled.code`
  display: block;
  padding: 8px 12px;
  border-radius: ${cssVar.radius.control};
  background: ${cssVar.colors.background};
  border: 1px solid ${cssVar.colors.border};
  overflow-wrap: anywhere;
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; justify-content: space-between; gap: 12px; align-items: center; padding: 8px 0; border-bottom: 1px solid ${cssVar.colors.border}; }
`;

/** Personal API keys (Expert and admins): create, copy once, revoke. */
export function ApiKeysCard() {
  const keys = useQuery(settingsQueries.apiKeys());
  const queryClient = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: settingsApi.createApiKey,
    onSuccess: (key) => {
      setCreated(key.key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: settingsQueries.apiKeys().queryKey });
    },
    onError: (error) => toast.show({ title: messageOf(error, 'Failed to create the API key'), variant: 'error' }),
  });
  const revoke = useMutation({
    mutationFn: settingsApi.revokeApiKey,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsQueries.apiKeys().queryKey });
      toast.show({ title: 'API key revoked' });
    },
    onError: (error) => toast.show({ title: messageOf(error, 'Failed to revoke the API key'), variant: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };

  return (
    <Card aria-labelledby="api-keys-title">
      <CardTitle id="api-keys-title">API Keys</CardTitle>
      <Stack $gap={3}>
        <Muted>Personal keys read your Kicksight data from scripts. A key is shown once; store it somewhere safe.</Muted>
        {created && (
          <div role="status">
            <strong>Your new key</strong>
            <Key>{created}</Key>
            <Stack $row $gap={2} style={{ marginTop: 8 }}>
              <Button type="button" $size="sm" onClick={() => void navigator.clipboard?.writeText(created).then(() => toast.show({ title: 'Copied' }))}>
                Copy
              </Button>
              <Button type="button" $size="sm" $variant="ghost" onClick={() => setCreated(null)}>
                Done
              </Button>
            </Stack>
          </div>
        )}
        <form onSubmit={submit}>
          <Stack $row $gap={2} $align="flex-end">
            <div style={{ flex: 1 }}>
              <TextField label="Key name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
            </div>
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              Create Key
            </Button>
          </Stack>
        </form>
        {keys.isPending && <Skeleton $h={40} />}
        {keys.isError && <ErrorState message={keys.error.message} onRetry={() => void keys.refetch()} />}
        {keys.data && keys.data.length === 0 && <Muted>No API keys yet.</Muted>}
        {keys.data && keys.data.length > 0 && (
          <List>
            {keys.data.map((key) => (
              <li key={key.id}>
                <span>
                  <strong>{key.name}</strong> <Muted>{key.prefix}… · created {formatDate(key.createdAt)}</Muted>
                </span>
                <Button type="button" $size="sm" $variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(key.id)}>
                  Revoke
                </Button>
              </li>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
