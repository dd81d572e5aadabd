import { Router, type Request } from 'express';
import { stockxCallbackQuerySchema, type SneakerMarket } from '@kicksight/contracts';
import { AppError, requireRole, requireUser, type JwtVerifier } from '@kicksight/platform';
import type { MarketSource } from '../market/market-source.ts';
import type { StockxLink } from '@kicksight/stockx';
import type { Caller } from '../domain/catalog.ts';
import { callerOf, requestIdOf } from './caller.ts';

export const STOCKX_NOT_CONFIGURED = 'StockX is not configured: set STOCKX_CLIENT_ID, STOCKX_CLIENT_SECRET, STOCKX_API_KEY and STOCKX_TOKEN_KEY';

const adminIdOf = (req: Request): string => req.principal!.id;

/**
 * `GET /api/sneakers/{id}/market`: each size's market with its source and time (a valid access token; part of
 * the sneaker's product view, metered with it). The sneaker page asks for it on every visit, so it also marks
 * the sneaker as just viewed (the order of StockX's reads).
 */
export function marketRouter({
  market,
  verifier,
  onViewed,
}: {
  market: (who: Caller, id: string, requestId?: string) => Promise<SneakerMarket>;
  verifier: JwtVerifier;
  onViewed: (sneakerId: string) => void;
}): Router {
  const router = Router();
  router.get('/sneakers/:id/market', requireUser(verifier), async (req, res) => {
    const id = String(req.params.id);
    res.json({ data: await market(callerOf(req), id, requestIdOf(req)) });
    onViewed(id);
  });
  return router;
}

/**
 * `/api/admin/market/sources` and `/api/admin/integrations/stockx/*`: administrators only (401 without
 * a token, 403 for members). Linking StockX: `link` answers StockX's consent page, StockX sends the
 * administrator back to the admin panel, which hands the code and state to `callback`.
 */
export function marketAdminRouter({ sources, link, verifier }: { sources: MarketSource[]; link: StockxLink | null; verifier: JwtVerifier }): Router {
  const router = Router();
  router.use(requireUser(verifier), requireRole('admin'));
  const linkOrRefuse = (): StockxLink => {
    if (!link) throw AppError.conflict(STOCKX_NOT_CONFIGURED, 'STOCKX_NOT_CONFIGURED');
    return link;
  };

  router.get('/market/sources', async (_req, res) => {
    res.json({ data: { sources: await Promise.all(sources.map((s) => s.status())), stockxLinked: link ? await link.isLinked() : false } });
  });
  router.post('/integrations/stockx/link', async (req, res) => {
    res.json({ data: await linkOrRefuse().start(adminIdOf(req)) });
  });
  router.get('/integrations/stockx/callback', async (req, res) => {
    const stockx = linkOrRefuse();
    res.json({ data: await stockx.complete(adminIdOf(req), stockxCallbackQuerySchema.parse(req.query)) });
  });
  router.delete('/integrations/stockx', async (req, res) => {
    res.json({ data: await linkOrRefuse().unlink(adminIdOf(req)) });
  });
  return router;
}
