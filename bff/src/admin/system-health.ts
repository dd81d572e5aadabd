/** One sample of the `http_requests_total` counter. */
export interface RequestSample {
  labels: { route?: string | number; status?: string | number };
  value: number;
}

const PROBES = new Set(['/livez', '/readyz', '/metrics']);
const UNAVAILABLE = new Set(['502', '503', '504']);

/**
 * The edge's view of system health from its own request counts (probes excluded):
 * `errorRate`, the percentage of answers that were server errors, and `systemUptime`, the
 * percentage answered without a service being unavailable (502, 503, 504). Both 2 decimals.
 */
export function healthFromRequests(samples: RequestSample[]): { systemUptime: number; errorRate: number; requests: number } {
  let total = 0;
  let errors = 0;
  let unavailable = 0;
  for (const { labels, value } of samples) {
    if (PROBES.has(String(labels.route))) continue;
    const status = String(labels.status ?? '');
    total += value;
    if (status.startsWith('5')) errors += value;
    if (UNAVAILABLE.has(status)) unavailable += value;
  }
  const pct = (part: number) => (total === 0 ? 0 : Math.round((part / total) * 10_000) / 100);
  return { systemUptime: total === 0 ? 100 : 100 - pct(unavailable), errorRate: pct(errors), requests: total };
}
