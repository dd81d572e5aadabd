import { Router, type Request, type RequestHandler } from 'express';
import { TESTED_EMAIL_TEMPLATES, emailTestBodySchema, feedbackBodySchema, feedbackQuerySchema, notificationsQuerySchema } from '@kicksight/contracts';
import { AppError, type Principal } from '@kicksight/platform';
import type { Digests } from '../domain/digests.ts';
import type { EmailTests } from '../domain/email-tests.ts';
import type { Feedback } from '../domain/feedback.ts';
import type { Notifications } from '../domain/notifications.ts';
import { isEmailTemplate } from '../emails/render.ts';

/** The verified caller (requireUser ran before). */
function callerOf(req: Request): Principal {
  if (!req.principal) throw AppError.unauthorized();
  return req.principal;
}
const param = (req: Request, name: string): string => String(req.params[name] ?? '');

export function notificationsRouter(notifications: Notifications): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json({ data: await notifications.list(callerOf(req).id, notificationsQuerySchema.parse(req.query)) });
  });
  router.put('/read-all', async (req, res) => {
    res.json({ data: await notifications.markAllRead(callerOf(req).id) });
  });
  router.put('/:id/read', async (req, res) => {
    res.json({ data: await notifications.markRead(callerOf(req).id, param(req, 'id')) });
  });
  router.delete('/:id', async (req, res) => {
    await notifications.remove(callerOf(req).id, param(req, 'id'));
    res.json({ data: { deleted: true } });
  });
  return router;
}

/** POST / takes feedback from anyone (optionalUser ran before); GET /user lists the caller's own. */
export function feedbackRouter(feedback: Feedback, requireSignedIn: RequestHandler): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const body = feedbackBodySchema.parse(req.body ?? {});
    const sender = req.principal ? { userId: req.principal.id } : { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown' };
    res.status(201).json({ data: await feedback.submit(sender, body) });
  });
  router.get('/user', requireSignedIn, async (req, res) => {
    const { page, limit } = feedbackQuerySchema.parse(req.query);
    res.json({ data: await feedback.mine(callerOf(req).id, page, limit) });
  });
  return router;
}

export function digestRouter(digests: Digests): Router {
  const router = Router();
  router.get('/market', async (req, res) => {
    res.json({ data: await digests.forMember(callerOf(req).id) });
  });
  router.get('/:id', async (req, res) => {
    const caller = callerOf(req);
    const id = param(req, 'id');
    if (id !== caller.id && caller.role !== 'admin') throw AppError.forbidden('You can only read your own digest');
    res.json({ data: await digests.forMember(id) });
  });
  return router;
}

/** Administrators only (requireRole ran before): sends samples to the body's address, else to the caller's. */
export function emailTestRouter(sendSamples: EmailTests): Router {
  const router = Router();
  router.post('/test-all-templates', async (req, res) => {
    const { email } = emailTestBodySchema.parse(req.body);
    res.json({ data: await sendSamples(TESTED_EMAIL_TEMPLATES, email ?? callerOf(req).email) });
  });
  router.post('/test-template/:name', async (req, res) => {
    const name = param(req, 'name');
    if (!isEmailTemplate(name)) throw AppError.notFound(`No email template named ${name}`, 'TEMPLATE_NOT_FOUND');
    const { email } = emailTestBodySchema.parse(req.body);
    res.json({ data: await sendSamples([name], email ?? callerOf(req).email) });
  });
  return router;
}
