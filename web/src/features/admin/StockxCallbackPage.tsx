import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useOAuthCallback } from '../../lib/oauth-callback.ts';
import { Card, CardTitle, Loading, Muted, PageHeader, Stack } from '../../ui/index.ts';
import { adminApi, adminQueries } from './api.ts';

export const STOCKX_LINKED = 'StockX is linked';
export const STOCKX_LINK_FAILED = 'StockX was not linked';

/**
 * Where StockX sends the administrator back after consent (`/admin/integrations/stockx/callback`): the
 * code and state go to the API once (a state is good for one use), and the page says how it went.
 */
export default function StockxCallbackPage() {
  const queryClient = useQueryClient();
  const { failure, done } = useOAuthCallback({
    complete: adminApi.completeStockxLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQueries.marketSources().queryKey }),
  });
  return (
    <div>
      <PageHeader>
        <div>
          <h1>StockX</h1>
          <p>Linking the operator’s StockX account.</p>
        </div>
      </PageHeader>
      <Card>
        {failure ? (
          <Stack>
            <CardTitle>{STOCKX_LINK_FAILED}</CardTitle>
            <Muted role="alert">{failure}</Muted>
          </Stack>
        ) : done ? (
          <Stack>
            <CardTitle>{STOCKX_LINKED}</CardTitle>
            <Muted>Market readings start with the next sync.</Muted>
          </Stack>
        ) : (
          <Loading />
        )}
        <p>
          <Link to="/admin/admin-panel">Back to the admin panel</Link>
        </p>
      </Card>
    </div>
  );
}
