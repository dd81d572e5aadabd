import { Router } from 'express';
import { onboardingBodySchema, portfolioHistoryQuerySchema, preferencesUpdateSchema, priceAlertBodySchema, priceAlertUpdateSchema, watchlistBodySchema } from '@kicksight/contracts';
import type { createActivityFeed } from '../domain/activity-feed.ts';
import type { createAdvancedAnalytics } from '../domain/advanced-analytics.ts';
import type { createPreferences } from '../domain/preferences.ts';
import type { createPriceAlerts } from '../domain/price-alerts.ts';
import type { Valuations } from '../domain/daily-valuations.ts';
import type { createWatchlist } from '../domain/watchlist.ts';
import { callerOf, param } from './caller.ts';

/** `/api/price-alerts`. */
export function priceAlertsRouter(alerts: ReturnType<typeof createPriceAlerts>): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json({ data: await alerts.list(callerOf(req)) });
  });
  router.post('/', async (req, res) => {
    res.status(201).json({ data: await alerts.create(callerOf(req), priceAlertBodySchema.parse(req.body ?? {})) });
  });
  router.patch('/:id', async (req, res) => {
    res.json({ data: await alerts.update(callerOf(req), param(req, 'id'), priceAlertUpdateSchema.parse(req.body ?? {})) });
  });
  router.delete('/:id', async (req, res) => {
    res.json({ data: await alerts.remove(callerOf(req), param(req, 'id')) });
  });
  return router;
}

/** `/api/watchlist`. */
export function watchlistRouter(watchlist: ReturnType<typeof createWatchlist>): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json({ data: await watchlist.list(callerOf(req)) });
  });
  router.post('/', async (req, res) => {
    res.status(201).json({ data: await watchlist.add(callerOf(req), watchlistBodySchema.parse(req.body ?? {}).sneakerId) });
  });
  router.delete('/:id', async (req, res) => {
    res.json({ data: await watchlist.remove(callerOf(req), param(req, 'id')) });
  });
  return router;
}

/** `/api/user/preferences` and `/api/onboarding/complete`. */
export function preferencesRouter(preferences: ReturnType<typeof createPreferences>): Router {
  const router = Router();
  router.get('/user/preferences', async (req, res) => {
    res.json({ data: await preferences.get(callerOf(req).id) });
  });
  router.put('/user/preferences', async (req, res) => {
    res.json({ data: await preferences.update(callerOf(req).id, preferencesUpdateSchema.parse(req.body ?? {})) });
  });
  router.post('/onboarding/complete', async (req, res) => {
    res.json({ data: await preferences.completeOnboarding(callerOf(req).id, onboardingBodySchema.parse(req.body ?? {})) });
  });
  return router;
}

/** `/api/analytics/*`: advanced analytics (Unlimited members and admins). */
export function analyticsRouter(analytics: ReturnType<typeof createAdvancedAnalytics>): Router {
  const router = Router();
  router.get('/user', async (req, res) => {
    res.json({ data: await analytics.ofCollection(callerOf(req)) });
  });
  router.get('/collection/:id', async (req, res) => {
    res.json({ data: await analytics.ofItem(callerOf(req), param(req, 'id')) });
  });
  return router;
}

/** `/api/dashboard/portfolio-history` and `/api/dashboard/activity`. */
export function dashboardRouter({ valuations, feed }: { valuations: Valuations; feed: ReturnType<typeof createActivityFeed> }): Router {
  const router = Router();
  router.get('/portfolio-history', async (req, res) => {
    const { range } = portfolioHistoryQuerySchema.parse(req.query);
    res.json({ data: await valuations.history(callerOf(req).id, range) });
  });
  router.get('/activity', async (req, res) => {
    res.json({ data: await feed.newest(callerOf(req).id) });
  });
  return router;
}
