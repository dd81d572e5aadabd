import { Router } from 'express';
import { monthlySalesQuerySchema, valuationQuerySchema } from '@kicksight/contracts';
import type { Pool } from '@kicksight/platform';
import type { Valuations } from '../domain/daily-valuations.ts';
import { sales } from '../store/sales.ts';
import { param } from './caller.ts';

/** Internal calls (service token): a member's valuation and its change over a period (the daily digest), and members' months of sales (the monthly reselling email). */
export function internalRouter({ valuations, pool }: { valuations: Valuations; pool: Pool }): Router {
  const router = Router();
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
