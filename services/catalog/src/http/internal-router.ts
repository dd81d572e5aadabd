import { Router } from 'express';
import { dailySeriesQuerySchema, forecastInputsBodySchema, internalTrendingQuerySchema, recentSalePricesQuerySchema } from '@kicksight/contracts';
import type { Catalog } from '../domain/catalog.ts';

/** Internal calls (service token): the prediction service's daily series, the dashboard's and collection's market data. */
export function internalRouter({ catalog }: { catalog: Catalog }): Router {
  const router = Router();
  router.get('/sneakers/:id/daily-series', async (req, res) => {
    const { days, size } = dailySeriesQuerySchema.parse(req.query);
    res.json({ data: await catalog.dailySeries(req.params.id!, days, size) });
  });
  router.get('/sneakers/:id/recent-sales', async (req, res) => {
    res.json({ data: await catalog.recentSalePrices(req.params.id!, recentSalePricesQuerySchema.parse(req.query)) });
  });
  router.post('/sneakers/forecast-inputs', async (req, res) => {
    res.json({ data: await catalog.forecastInputs(forecastInputsBodySchema.parse(req.body)) });
  });
  router.get('/sneakers/:id/prices', async (req, res) => {
    res.json({ data: await catalog.prices(req.params.id!) });
  });
  router.get('/trending', (req, res) => {
    res.json({ data: catalog.trending(internalTrendingQuerySchema.parse(req.query)) });
  });
  router.get('/market-overview', (_req, res) => {
    res.json({ data: catalog.marketOverview() });
  });
  return router;
}
