import { useQuery } from '@tanstack/react-query';
import { describeStatus, fetchSystemHealth } from './system-status.ts';

/** The status page of the running system: every service and whether it is ready. */
export function App() {
  const health = useQuery({ queryKey: ['system', 'health'], queryFn: ({ signal }) => fetchSystemHealth(signal), refetchInterval: 10_000 });
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '48px auto', padding: '0 16px' }}>
      <h1>Kicksight</h1>
      <p>Your sneaker collection, valued at live market prices.</p>
      <section aria-labelledby="status-heading">
        <h2 id="status-heading">System status</h2>
        {health.isPending && <p>Loading status...</p>}
        {health.isError && (
          <p role="alert">
            Could not reach the service: {health.error.message}{' '}
            <button type="button" onClick={() => void health.refetch()}>
              Retry
            </button>
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
      </section>
    </main>
  );
}
