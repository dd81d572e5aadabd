import { Router, type Request } from 'express';
import {
  COLLECTION_STATS_MISSING_MESSAGE,
  MARKET_OVERVIEW_MISSING_MESSAGE,
  PRICE_ALERTS_MISSING_MESSAGE,
  TRENDING_MISSING_MESSAGE,
  USAGE_MISSING_MESSAGE,
  dashboardTrendingQuerySchema,
  marketOverviewSchema,
  valueMetricsQuerySchema,
} from '@kicksight/contracts';
import { AppError, type Clock, type Logger } from '@kicksight/platform';
import type { Asker, DashboardOwners } from './owners.ts';
import { settleParts } from './parts.ts';
import { quickMetrics, valueMetrics } from './value-metrics.ts';

const requestIdOf = (req: Request): string => String(req.id);

/** The signed-in member (the edge gate verified the token; an API key arrives here already exchanged). */
function askerOf(req: Request): Asker {
  if (!req.identity) throw AppError.unauthorized('Authentication required');
  return { token: req.identity.token, requestId: requestIdOf(req) };
}

/** A market overview whose every field is null: the part could not be loaded. */
const NO_MARKET_OVERVIEW = Object.fromEntries(Object.keys(marketOverviewSchema.shape).map((name) => [name, null]));

/**
 * The BFF's own dashboard calls: each asks its owners in parallel, answers 200 even when a part is
 * missing (that part null, its message in `errors`), and asks a member's data with that member's token.
 */
export function dashboardRouter({ owners, clock, logger }: { owners: DashboardOwners; clock: Clock; logger: Logger }): Router {
  const router = Router();
  const logOf = (req: Request): Logger => req.log ?? logger;

  router.get('/api/dashboard/stats', async (req, res) => {
    const who = askerOf(req);
    const { values, errors } = await settleParts(
      {
        collection: { load: owners.collectionStats(who), missing: COLLECTION_STATS_MISSING_MESSAGE },
        usage: { load: owners.usage(who), missing: USAGE_MISSING_MESSAGE },
      },
      logOf(req),
    );
    res.json({ data: { ...values, errors } });
  });

  router.get('/api/dashboard/trending', async (req, res) => {
    askerOf(req);
    const query = dashboardTrendingQuerySchema.parse(req.query);
    const { values, errors } = await settleParts({ trending: { load: owners.trending(query, requestIdOf(req)), missing: TRENDING_MISSING_MESSAGE } }, logOf(req));
    res.json({ data: { timeframe: values.trending?.timeframe ?? query.timeframe, sneakers: values.trending?.sneakers ?? null, errors } });
  });

  router.get('/api/dashboard/market-overview', async (req, res) => {
    askerOf(req);
    const { values, errors } = await settleParts({ overview: { load: owners.marketOverview(requestIdOf(req)), missing: MARKET_OVERVIEW_MISSING_MESSAGE } }, logOf(req));
    res.json({ data: { ...(values.overview ?? NO_MARKET_OVERVIEW), errors } });
  });

  router.get('/api/dashboard/value-metrics', async (req, res) => {
    const who = askerOf(req);
    const { quick } = valueMetricsQuerySchema.parse(req.query);
    const { values, errors } = await settleParts(
      {
        stats: { load: owners.collectionStats(who), missing: COLLECTION_STATS_MISSING_MESSAGE },
        usage: { load: owners.usage(who), missing: USAGE_MISSING_MESSAGE },
        alerts: { load: owners.priceAlerts(who), missing: PRICE_ALERTS_MISSING_MESSAGE },
      },
      logOf(req),
    );
    const parts = valueMetrics({ ...values, now: clock.now() });
    res.json({ data: quick ? { ...quickMetrics(parts), errors } : { ...parts, errors } });
  });

  return router;
}
