import { Router } from 'express';
import { z } from 'zod';
import { METERED_ACTIONS, analyticsQuerySchema } from '@kicksight/contracts';
import { serverTiming } from '@kicksight/platform';
import type { Metering } from '../domain/metering.ts';
import type { Analytics } from '../domain/analytics.ts';

const role = z.enum(['member', 'admin']);
const unitBody = z.object({ userId: z.uuid(), role, action: z.enum(METERED_ACTIONS), key: z.string().min(1).max(500) });

/** Internal calls of other services: metering and entitlements; admin analytics for the BFF. */
export function internalRouter({ metering, analytics }: { metering: Metering; analytics: Analytics }): Router {
  const router = Router();
  router.use(serverTiming());
  router.post('/usage/consume', async (req, res) => {
    res.json({ data: await metering.consume(unitBody.parse(req.body)) });
  });
  router.post('/usage/refund', async (req, res) => {
    res.json({ data: { refunded: await metering.refund(unitBody.parse(req.body)) } });
  });
  router.get('/entitlements/:userId', async (req, res) => {
    const userId = z.uuid().parse(req.params.userId);
    const entitlements = await metering.entitlements(userId, role.parse(req.query.role ?? 'member'));
    res.json({
      data: {
        ...entitlements,
        trialEndsAt: entitlements.trialEndsAt?.toISOString() ?? null,
        periodEndsAt: entitlements.periodEndsAt?.toISOString() ?? null,
      },
    });
  });
  router.get('/analytics/dashboard', async (req, res) => {
    const query = analyticsQuerySchema.parse(req.query);
    res.json({ data: await analytics.dashboard(query.startDate, query.endDate) });
  });
  return router;
}
