import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { describeStatus, fetchSystemHealth } from './system-status.ts';
import { Button, Card, Loading } from '../ui/index.ts';

const Main = styled.main`
  max-width: 640px;
  margin: 48px auto;
  padding: 0 16px;
  display: flex;
  flex-direction: column;
  gap: 16px;
  ul { margin: 8px 0 0; padding-left: 20px; }
`;

/** The status page of the running system: every service and whether it is ready. */
export default function StatusPage() {
  const health = useQuery({ queryKey: ['system', 'health'], queryFn: ({ signal }) => fetchSystemHealth(signal), refetchInterval: 10_000 });
  return (
    <Main>
      <h1>Kicksight</h1>
      <p>Your sneaker collection, valued at live market prices.</p>
      <Card aria-labelledby="status-heading">
        <h2 id="status-heading">System status</h2>
        {health.isPending && <Loading message="Loading status..." />}
        {health.isError && (
          <p role="alert">
            Could not reach the service: {health.error.message}{' '}
            <Button type="button" $variant="secondary" $size="sm" onClick={() => void health.refetch()}>
              Retry
            </Button>
          </p>
        )}
        {health.data && (
          <>
            <p>{describeStatus(health.data)}</p>
            <ul>
              {Object.entries(health.data.services).map(([name, row]) => (
                <li key={name}>
                  {name}: {row.status}
                  {row.error ? ` (${row.error})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </Main>
  );
}
