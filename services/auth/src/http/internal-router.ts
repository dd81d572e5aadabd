import { Router } from 'express';
import { z } from 'zod';
import type { ApiKeys } from '../domain/api-keys.ts';

const exchangeBody = z.object({ key: z.string().min(1).max(200) });

/** Internal calls (service token checked by the platform before these run). */
export function internalRouter({ apiKeys }: { apiKeys: ApiKeys }): Router {
  const router = Router();
  /** The BFF exchanges a personal API key for a short-lived access token of its owner. */
  router.post('/api-keys/verify', async (req, res) => {
    const { key } = exchangeBody.parse(req.body);
    res.json({ data: await apiKeys.exchange(key) });
  });
  return router;
}
