import { Router, type Request } from 'express';
import { batchPredictionBodySchema, predictionQuerySchema, predictionSizeQuerySchema } from '@kicksight/contracts';
import { AppError, requireRole } from '@kicksight/platform';
import type { Caller, PredictionAccess } from '../domain/access.ts';
import type { Forecasts } from '../domain/forecasts.ts';
import type { TrackRecords } from '../domain/track-records.ts';

const SNEAKER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The verified caller (requireUser ran before). */
function callerOf(req: Request): Caller {
  const principal = req.principal;
  if (!principal) throw AppError.unauthorized();
  return { id: principal.id, role: principal.role, requestId: typeof req.id === 'string' ? req.id : undefined };
}

function sneakerIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!SNEAKER_ID.test(id)) throw AppError.badRequest('Invalid sneaker ID');
  return id;
}

/** A sneaker's forecast, summary, volatility, levels and track record (premium). */
export function sneakerPredictionRouter({ forecasts, trackRecords, access }: { forecasts: Forecasts; trackRecords: TrackRecords; access: PredictionAccess }): Router {
  const router = Router();
  const premium = async (req: Request) => {
    const caller = callerOf(req);
    const id = sneakerIdOf(req);
    await access.assertPredictions(caller);
    return { id, requestId: caller.requestId };
  };
  router.get('/:id/price-prediction', async (req, res) => {
    const { size, ...options } = predictionQuerySchema.parse(req.query);
    const { id, requestId } = await premium(req);
    res.json({ data: await forecasts.prediction(id, options, requestId, size) });
  });
  router.get('/:id/prediction-summary', async (req, res) => {
    const { size } = predictionSizeQuerySchema.parse(req.query);
    const { id, requestId } = await premium(req);
    res.json({ data: await forecasts.summary(id, requestId, size) });
  });
  router.get('/:id/forecast-accuracy', async (req, res) => {
    const { size } = predictionSizeQuerySchema.parse(req.query);
    const { id, requestId } = await premium(req);
    res.json({ data: await trackRecords.accuracy(id, size, requestId) });
  });
  router.get('/:id/volatility', async (req, res) => {
    const { id, requestId } = await premium(req);
    res.json({ data: await forecasts.volatility(id, requestId) });
  });
  router.get('/:id/support-resistance', async (req, res) => {
    const { id, requestId } = await premium(req);
    res.json({ data: await forecasts.supportResistance(id, requestId) });
  });
  return router;
}

export interface ServiceStatus {
  stats(): Promise<unknown>;
  health(): Promise<{ status: 'ok' | 'degraded' }>;
  clearCache(): Promise<number>;
}

/** Batch forecasts (premium), statistics and health (members), clearing the cache and running the track record (administrators). */
export function predictionsRouter({ forecasts, trackRecords, access, status }: { forecasts: Forecasts; trackRecords: TrackRecords; access: PredictionAccess; status: ServiceStatus }): Router {
  const router = Router();
  router.post('/batch', async (req, res) => {
    const body = batchPredictionBodySchema.parse(req.body ?? {});
    const caller = callerOf(req);
    await access.assertPredictions(caller);
    res.json({ data: await forecasts.batch(body.sneakerIds, body.options, caller.requestId) });
  });
  router.get('/stats', async (_req, res) => {
    res.json({ data: await status.stats() });
  });
  router.get('/health', async (_req, res) => {
    const health = await status.health();
    res.json({ data: health });
  });
  router.post('/track-record/run', requireRole('admin'), async (_req, res) => {
    res.json({ data: await trackRecords.runAll() });
  });
  router.post('/cache/clear', requireRole('admin'), async (_req, res) => {
    res.json({ data: { cleared: await status.clearCache() } });
  });
  return router;
}
