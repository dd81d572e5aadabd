import { z } from 'zod';
import { readinessSchema, type Operation } from '@kicksight/contracts';
import { demoAccessBodySchema, demoTicketSchema } from '../demo/demo-gate.ts';

const serviceHealthSchema = z.object({
  url: z.string(),
  status: z.enum(['ready', 'not_ready', 'unreachable']),
  checks: readinessSchema.shape.checks.optional(),
  error: z.string().optional(),
  ms: z.number(),
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
    summary: 'Readiness of the BFF and of every service',
    tag: 'system',
    access: 'public',
    response: z.object({ status: z.enum(['ok', 'degraded']), bff: readinessSchema, services: z.record(z.string(), serviceHealthSchema) }),
  },
];
