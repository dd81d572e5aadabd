/** The BFF's `/api/health` answer, as the status page reads it. */
interface SystemHealth {
  status: 'ok' | 'degraded';
  services: Record<string, { status: 'ready' | 'not_ready' | 'unreachable'; error?: string }>;
}

export async function fetchSystemHealth(signal?: AbortSignal): Promise<SystemHealth> {
  const response = await fetch('/api/health', { signal });
  const body = (await response.json().catch(() => null)) as { data?: SystemHealth } | null;
  if (!body?.data) throw new Error(`The service answered ${response.status} without a health report`);
  return body.data;
}

export function describeStatus(health: SystemHealth): string {
  const rows = Object.values(health.services);
  const ready = rows.filter((row) => row.status === 'ready').length;
  return health.status === 'ok' ? 'All systems operational' : `${ready} of ${rows.length} services ready`;
}
