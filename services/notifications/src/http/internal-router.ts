import { Router } from 'express';
import type { Emails } from '../domain/emails.ts';

/** Internal calls (service token): the failed emails, and trying them again. */
export function internalRouter({ emails }: { emails: Emails }): Router {
  const router = Router();
  router.get('/emails/failed', async (_req, res) => {
    res.json({ data: { failed: await emails.failed(100) } });
  });
  router.post('/emails/retry-failed', async (_req, res) => {
    res.json({ data: { retried: await emails.retryFailed() } });
  });
  return router;
}
