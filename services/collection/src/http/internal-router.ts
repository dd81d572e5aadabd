import { Router } from 'express';
import { marketInterestQuerySchema, valuationQuerySchema } from '@kicksight/contracts';
import type { Queryable } from '@kicksight/platform';
import type { Valuations } from '../domain/daily-valuations.ts';
import { marketInterestPage } from '../store/market-interest.ts';
import { param } from './caller.ts';

/**
 * Internal calls (service token): a member's valuation and its change over a period, for the daily digest; what
 * members hold, watch and set alerts on, for catalog's market reads.
 */
export function internalRouter({ valuations, pool }: { valuations: Valuations; pool: Queryable }): Router {
  const router = Router();
  router.get('/market-interest', async (req, res) => {
    const { after, limit } = marketInterestQuerySchema.parse(req.query);
    res.json({ data: await marketInterestPage(pool, after, limit) });
  });
  router.get('/users/:userId/valuation', async (req, res) => {
    const { days } = valuationQuerySchema.parse(req.query);
    res.json({ data: await valuations.valuation(param(req, 'userId'), days) });
  });
  return router;
}
