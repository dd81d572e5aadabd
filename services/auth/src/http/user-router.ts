import { Router } from 'express';
import { z } from 'zod';
import {
  apiKeyCreateBodySchema,
  deleteAccountBodySchema,
  emailPreferencesBodySchema,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
} from '@kicksight/contracts';
import { idempotency, requireUser, type JwtVerifier, type Redis } from '@kicksight/platform';
import type { Accounts } from '../domain/accounts.ts';
import type { ApiKeys } from '../domain/api-keys.ts';
import { contextOf, principal } from './context.ts';

/** `/api/user/*` owned by auth: profile, password, email preferences, API keys, account deletion. */
export function userRouter({ accounts, apiKeys, verifier, redis }: { accounts: Accounts; apiKeys: ApiKeys; verifier: JwtVerifier; redis: Redis }): Router {
  const router = Router();
  router.use(requireUser(verifier), idempotency({ redis, namespace: 'auth-user' }));

  router.get('/profile', async (req, res) => {
    const [user, pendingEmail] = await Promise.all([accounts.currentUser(principal(req).id), accounts.pendingEmail(principal(req).id)]);
    res.json({ data: { name: user.name, email: user.email, hasPassword: user.passwordHash !== null, emailNotifications: user.emailNotifications, ...(pendingEmail && { pendingEmail }) } });
  });

  router.put('/profile', async (req, res) => {
    const body = profileUpdateBodySchema.parse(req.body);
    const { user, pendingEmail } = await accounts.updateProfile(principal(req).id, body, contextOf(req));
    res.json({ data: { name: user.name, email: user.email, ...(pendingEmail && { pendingEmail }) } });
  });

  router.put('/password', async (req, res) => {
    await accounts.changePassword(principal(req).id, passwordChangeBodySchema.parse(req.body), principal(req).sessionId, contextOf(req));
    res.json({ data: { message: 'Password changed' } });
  });

  router.put('/email-preferences', async (req, res) => {
    const { emailNotifications } = emailPreferencesBodySchema.parse(req.body);
    res.json({ data: { emailNotifications: await accounts.setEmailNotifications(principal(req).id, emailNotifications, contextOf(req)) } });
  });

  router.delete('/', async (req, res) => {
    const { password } = deleteAccountBodySchema.parse(req.body ?? {});
    await accounts.deleteAccount(principal(req).id, password, contextOf(req));
    res.json({ data: { message: 'Your account and all its data were deleted.' } });
  });

  router.get('/api-keys', async (req, res) => {
    res.json({ data: await apiKeys.list(principal(req).id) });
  });

  router.post('/api-keys', async (req, res) => {
    const { name } = apiKeyCreateBodySchema.parse(req.body);
    res.status(201).json({ data: await apiKeys.create(principal(req).id, name) });
  });

  router.delete('/api-keys/:id', async (req, res) => {
    const id = req.params.id ?? '';
    if (!z.uuid().safeParse(id).success) {
      res.status(404).json({ message: 'No such API key', code: 'NOT_FOUND' });
      return;
    }
    await apiKeys.revoke(principal(req).id, id, contextOf(req));
    res.json({ data: { message: 'API key revoked' } });
  });
  return router;
}
