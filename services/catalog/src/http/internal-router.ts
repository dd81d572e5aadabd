import { Router } from 'express';
import { dailySeriesQuerySchema, forecastInputsBodySchema, internalTrendingQuerySchema, recentSalePricesQuerySchema, testSaleBodySchema, tradedSneakersQuerySchema } from '@kicksight/contracts';
import { TEST_SOURCE } from '@kicksight/contracts/provenance';
import type { Catalog } from '../domain/catalog.ts';
import type { Sales } from '../domain/sales.ts';
import type { SizeReading } from '../store/market-models.ts';

/** Internal calls (service token): the prediction service's daily series, the dashboard's and collection's market data. */
export function internalRouter({ catalog, latestReadings }: { catalog: Catalog; latestReadings: (sneakerId: string) => Promise<SizeReading[]> }): Router {
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
  router.get('/sneakers/traded', (req, res) => {
    const { since, after, limit } = tradedSneakersQuerySchema.parse(req.query);
    res.json({ data: catalog.tradedSneakers({ since: Date.parse(`${since}T00:00:00Z`), after, limit }) });
  });
  router.get('/sneakers/:id/prices', async (req, res) => {
    res.json({ data: await catalog.prices(req.params.id!, latestReadings) });
  });
  router.get('/trending', (req, res) => {
    res.json({ data: catalog.trending(internalTrendingQuerySchema.parse(req.query)) });
  });
  router.get('/market-overview', (_req, res) => {
    res.json({ data: catalog.marketOverview() });
  });
  return router;
}

/**
 * `POST /internal/test/sales`: records a sale at a given price so tests can move the market. Only in the test
 * runs that enable it (never in production), and only on the internal port, behind the service token.
 */
export function testRouter({ sales }: { sales: Sales }): Router {
  const router = Router();
  router.post('/sales', async (req, res) => {
    const body = testSaleBodySchema.parse(req.body ?? {});
    const sale = await sales.record({ sneakerId: body.sneakerId, size: body.size, amount: body.price, soldAt: body.soldAt ? new Date(body.soldAt) : undefined, source: TEST_SOURCE, call: 'POST /internal/test/sales' });
    res.status(201).json({ data: { saleId: sale.saleId, sneakerId: sale.sneakerId, size: sale.size, price: sale.price, seq: sale.change?.seq ?? 0, previous: sale.change?.previous ?? null } });
  });
  return router;
}
