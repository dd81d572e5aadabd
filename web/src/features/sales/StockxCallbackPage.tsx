import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useOAuthCallback } from '../../lib/oauth-callback.ts';
import { Card, CardTitle, Loading, Muted, Stack, useToast } from '../../ui/index.ts';
import { salesApi, salesQueries } from './api.ts';

/**
 * Where StockX sends a member back after consent (`/admin/sales/stockx/callback`): the code and state go
 * to the API once, then the member is back on the Sales page with their account linked.
 */
export default function MemberStockxCallbackPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { failure } = useOAuthCallback({
    complete: salesApi.completeStockxLink,
    onSuccess: (status) => {
      queryClient.setQueryData(salesQueries.stockx().queryKey, status);
      toast.show({ title: 'StockX is linked', description: 'Import your StockX orders from here.', variant: 'success' });
      void navigate('/admin/sales', { replace: true });
    },
  });
  return (
    <Card aria-labelledby="stockx-link-title">
      <CardTitle id="stockx-link-title">Linking your StockX account</CardTitle>
      {failure ? (
        <Stack>
          <Muted role="alert">StockX was not linked: {failure}</Muted>
        </Stack>
      ) : (
        <Loading />
      )}
      <p>
        <Link to="/admin/sales">Back to your sales</Link>
      </p>
    </Card>
  );
}
