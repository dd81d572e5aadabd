import { Router } from 'express';
import { valuationQuerySchema } from '@kicksight/contracts';
import type { Valuations } from '../domain/daily-valuations.ts';
import { param } from './caller.ts';

/** Internal calls (service token): a member's valuation and its change over a period, for the daily digest. */
export function internalRouter({ valuations }: { valuations: Valuations }): Router {
  const router = Router();
  router.get('/users/:userId/valuation', async (req, res) => {
    const { days } = valuationQuerySchema.parse(req.query);
    res.json({ data: await valuations.valuation(param(req, 'userId'), days) });
  });
  return router;
}
