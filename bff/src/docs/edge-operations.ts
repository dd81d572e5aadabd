import { z } from 'zod';
import {
  dashboardMarketOverviewSchema,
  demoDataSchema,
  dashboardStatsSchema,
  dashboardTrendingQuerySchema,
  dashboardTrendingSchema,
  quickMetricsSchema,
  readinessSchema,
  valueMetricsQuerySchema,
  valueMetricsSchema,
  type Operation,
} from '@kicksight/contracts';
import { demoAccessBodySchema, demoTicketSchema } from '../demo/demo-gate.ts';

/** Anyone reads `degraded: true` of a part serving with less than usual; administrators read which stores it does without. */
const degradedSchema = z.union([z.literal(true), z.array(z.string())]).optional();

/** A service's health: its status for anyone; its address, store checks and timing for administrators. */
const serviceHealthSchema = z.object({
  status: z.enum(['ready', 'not_ready', 'unreachable']),
  degraded: degradedSchema,
  url: z.string().optional(),
  checks: readinessSchema.shape.checks.optional(),
  error: z.string().optional(),
  ms: z.number().optional(),
});

/** The operations the BFF answers itself (the services' are in the contracts' registry). */
export const edgeOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/demo/access',
    summary: 'Open the demo area with its shared password (a ticket valid 2 hours)',
    tag: 'demo',
    access: 'public',
    body: demoAccessBodySchema,
    response: demoTicketSchema,
    errors: ['INVALID_DEMO_PASSWORD', 'RATE_LIMITED'],
  },
  {
    method: 'get',
    path: '/api/demo/data',
    summary: "The demo area's sample data, for a valid demo ticket in the X-Demo-Ticket header (401 otherwise)",
    tag: 'demo',
    access: 'public',
    response: demoDataSchema,
    errors: ['INVALID_DEMO_TICKET'],
  },
  {
    method: 'get',
    path: '/api/events',
    summary:
      'Live events of the signed-in user as server-sent events (text/event-stream): `notification`, `membership`, `usage`, and `reauth` when the token expires. The token may be given as `?token=`.',
    tag: 'events',
    access: 'token',
    query: z.object({ token: z.string().optional() }),
  },
  {
    method: 'get',
    path: '/api/health',
    summary: 'Whether the BFF and every service are ready; an administrator also sees their addresses, store checks and timings',
    tag: 'system',
    access: 'optional',
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      bff: z.object({ status: readinessSchema.shape.status, checks: readinessSchema.shape.checks.optional(), degraded: degradedSchema }).optional(),
      services: z.record(z.string(), serviceHealthSchema),
    }),
  },
  {
    method: 'get',
    path: '/api/dashboard/stats',
    summary: "The member's collection stats and plan usage; a part that could not be loaded is null and named in `errors`",
    tag: 'dashboard',
    access: 'token',
    response: dashboardStatsSchema,
  },
  {
    method: 'get',
    path: '/api/dashboard/trending',
    summary: 'Trending sneakers of the catalogue; `sneakers` is null (and `errors` says so) when the catalogue could not answer',
    tag: 'dashboard',
    access: 'token',
    query: dashboardTrendingQuerySchema,
    response: dashboardTrendingSchema,
  },
  {
    method: 'get',
    path: '/api/dashboard/market-overview',
    summary: "The catalogue's market overview; every field null and 'No data received from market overview API' in `errors` when it could not be loaded",
    tag: 'dashboard',
    access: 'token',
    response: dashboardMarketOverviewSchema,
  },
  {
    method: 'get',
    path: '/api/dashboard/value-metrics',
    summary:
      "The member's value metrics (money in cents): collection value, usage, potential savings from price alerts and time saved, and an upgrade recommendation (null on the highest plan). With `quick=true`, only collectionCount, collectionValue, searchesThisMonth and potentialSavings. Parts that could not be computed are null and named in `errors`.",
    tag: 'dashboard',
    access: 'token',
    query: valueMetricsQuerySchema,
    response: valueMetricsSchema.or(quickMetricsSchema),
  },
];
