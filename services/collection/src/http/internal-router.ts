import { Router } from 'express';
import { marketInterestQuerySchema, monthlySalesQuerySchema, valuationQuerySchema } from '@kicksight/contracts';
import type { Pool } from '@kicksight/platform';
import type { Valuations } from '../domain/daily-valuations.ts';
import { marketInterestPage } from '../store/market-interest.ts';
import { sales } from '../store/sales.ts';
import { param } from './caller.ts';

/**
 * Internal calls (service token): a member's valuation and its change over a period (the daily digest), members'
 * months of sales (the monthly reselling email), and what members hold, watch and set alerts on (catalog's market
 * reads).
 */
export function internalRouter({ valuations, pool }: { valuations: Valuations; pool: Pool }): Router {
  const router = Router();
  router.get('/market-interest', async (req, res) => {
    const { after, limit } = marketInterestQuerySchema.parse(req.query);
    res.json({ data: await marketInterestPage(pool, after, limit) });
  });
  router.get('/users/:userId/valuation', async (req, res) => {
    const { days } = valuationQuerySchema.parse(req.query);
    res.json({ data: await valuations.valuation(param(req, 'userId'), days) });
  });
  router.get('/sales/monthly', async (req, res) => {
    const { month, after, limit } = monthlySalesQuerySchema.parse(req.query);
    res.json({ data: { month, members: await sales.monthByMember(pool, `${month}-01`, after, limit) } });
  });
  return router;
}
