import { Router } from 'express';
import { dataQualityQuerySchema } from '@kicksight/contracts';
import { AppError, requireRole, requireUser, type JwtVerifier } from '@kicksight/platform';
import type { DataQuality } from '../domain/data-quality.ts';

/** `/api/admin/data-quality`: the price guard's quarantine, for administrators (members 403, anonymous 401). */
export function adminRouter({ dataQuality, verifier }: { dataQuality: DataQuality; verifier: JwtVerifier }): Router {
  const router = Router();
  router.use(requireUser(verifier), requireRole('admin'));
  router.get('/data-quality', async (req, res) => {
    res.json({ data: await dataQuality.list(dataQualityQuerySchema.parse(req.query)) });
  });
  router.post('/data-quality/:id/release', async (req, res) => {
    if (!req.principal) throw AppError.unauthorized();
    res.json({ data: await dataQuality.release(req.params.id!, req.principal.id) });
  });
  return router;
}
