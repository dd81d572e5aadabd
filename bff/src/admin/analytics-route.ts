import type { RequestHandler } from 'express';
import type { Counter } from 'prom-client';
import { analyticsQuerySchema } from '@kicksight/contracts';
import type { Metrics, ServiceClient } from '@kicksight/platform';
import { healthFromRequests } from './system-health.ts';

/**
 * `GET /api/admin/analytics/dashboard`: billing's analytics for the range, with the edge's own
 * uptime and error rate added to `health` (admins only: the gate checks the role).
 */
export function adminAnalyticsHandler({ billing, metrics }: { billing: ServiceClient; metrics: Metrics }): RequestHandler {
  return async (req, res) => {
    const query = analyticsQuerySchema.parse(req.query);
    const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const data = await billing.get<{ health: Record<string, number> }>(`/internal/analytics/dashboard?${search}`, { requestId: String(req.id) });
    const counter = metrics.registry.getSingleMetric('http_requests_total') as Counter | undefined;
    const edge = healthFromRequests(counter ? (await counter.get()).values : []);
    res.json({ data: { ...data, health: { ...data.health, systemUptime: edge.systemUptime, errorRate: edge.errorRate } } });
  };
}
