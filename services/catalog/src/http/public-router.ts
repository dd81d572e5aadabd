import { Router } from 'express';
import {
  SUGGESTIONS_LIMIT,
  dailySalesQuerySchema,
  priceHistoryQuerySchema,
  recentSalesQuerySchema,
  relatedQuerySchema,
  sampleSneakersQuerySchema,
  searchQuerySchema,
  suggestionsQuerySchema,
} from '@kicksight/contracts';
import { requireUser, serverTiming, type JwtVerifier } from '@kicksight/platform';
import type { Catalog } from '../domain/catalog.ts';
import { callerOf, requestIdOf } from './caller.ts';
import { sendSerialisedData } from './serialised-data.ts';


/** `/api/sneakers/*` and `/api/onboarding/sample-sneakers`: every call needs a valid access token; each answer tells its own time (Server-Timing). */
export function publicRouter({ catalog, verifier }: { catalog: Catalog; verifier: JwtVerifier }): Router {
  const router = Router();
  router.use(serverTiming());
  router.use(requireUser(verifier));

  router.get('/sneakers/search', async (req, res) => {
    const query = searchQuerySchema.parse(req.query);
    sendSerialisedData(req, res, await catalog.search(callerOf(req), query, requestIdOf(req)));
  });
  router.get('/sneakers/suggestions', (req, res) => {
    const { q } = suggestionsQuerySchema.parse(req.query);
    res.json({ data: catalog.suggestions(q, SUGGESTIONS_LIMIT) });
  });
  router.get('/sneakers/:id', async (req, res) => {
    sendSerialisedData(req, res, await catalog.detail(callerOf(req), req.params.id!, requestIdOf(req)));
  });
  router.get('/sneakers/:id/sizes', async (req, res) => {
    res.json({ data: await catalog.sizes(callerOf(req), req.params.id!, requestIdOf(req)) });
  });
  router.get('/sneakers/:id/sales/daily', async (req, res) => {
    const query = dailySalesQuerySchema.parse(req.query);
    sendSerialisedData(req, res, await catalog.dailySales(callerOf(req), req.params.id!, query, requestIdOf(req)));
  });
  router.get('/sneakers/:id/sales/recent', async (req, res) => {
    const query = recentSalesQuerySchema.parse(req.query);
    res.json({ data: await catalog.recentSales(callerOf(req), req.params.id!, query, requestIdOf(req)) });
  });
  router.get('/sneakers/:id/price-history', async (req, res) => {
    const query = priceHistoryQuerySchema.parse(req.query);
    res.json({ data: await catalog.priceHistory(callerOf(req), req.params.id!, query, requestIdOf(req)) });
  });
  router.get('/sneakers/:id/related', async (req, res) => {
    const query = relatedQuerySchema.parse(req.query);
    res.json({ data: await catalog.related(req.params.id!, query) });
  });
  router.get('/onboarding/sample-sneakers', (req, res) => {
    const { interests, limit } = sampleSneakersQuerySchema.parse(req.query);
    res.json({ data: catalog.sampleSneakers(interests, limit) });
  });
  return router;
}
