import { Router } from 'express';
import {
  emailChangeTokenBodySchema,
  forgotPasswordBodySchema,
  googleBodySchema,
  loginBodySchema,
  logoutBodySchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  testLoginBodySchema,
  verifyResetTokenQuerySchema,
} from '@kicksight/contracts';
import { AppError, type Redis, idempotency, requireUser, type JwtVerifier } from '@kicksight/platform';
import { INVALID_CREDENTIALS, toUser, type Accounts } from '../domain/accounts.ts';
import type { GoogleSignIn } from '../domain/google.ts';
import { assertNotBlocked, recordFailure, take, type Limits } from './limits.ts';
import { clientIp, contextOf, principal } from './context.ts';

export interface AuthRouterDeps {
  accounts: Accounts;
  google: GoogleSignIn;
  verifier: JwtVerifier;
  limits: Limits;
  redis: Redis;
  testLoginEnabled: boolean;
}

/** `/api/auth/*`: sign-up, sign-in, sessions and password reset. */
export function authRouter({ accounts, google, verifier, limits, redis, testLoginEnabled }: AuthRouterDeps): Router {
  const router = Router();
  router.use(idempotency({ redis, namespace: 'auth' }));

  router.post('/register', async (req, res) => {
    await take(res, limits.registerPerIp, clientIp(req));
    const body = registerBodySchema.parse(req.body);
    res.status(201).json({ data: await accounts.register(body, contextOf(req)) });
  });

  router.post('/login', async (req, res) => {
    const { email, password } = loginBodySchema.parse(req.body);
    const accountAtAddress = `${email}|${clientIp(req)}`;
    await assertNotBlocked(res, limits.loginFailuresPerAccountAndAddress, accountAtAddress);
    await take(res, limits.loginPerIp, clientIp(req));
    const user = await accounts.checkPassword(email, password);
    if (!user) {
      await recordFailure(limits.loginFailuresPerAccountAndAddress, accountAtAddress);
      throw AppError.unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    }
    await limits.loginFailuresPerAccountAndAddress.delete(accountAtAddress).catch(() => undefined);
    res.json({ data: await accounts.signIn(user, contextOf(req)) });
  });

  router.post('/google', async (req, res) => {
    const { code, redirectUri } = googleBodySchema.parse(req.body);
    const identity = await google.identify(req, res, code, redirectUri);
    res.json({ data: await accounts.signInWithGoogle(identity, contextOf(req)) });
  });

  if (testLoginEnabled) {
    router.post('/test-login', async (req, res) => {
      const { email } = testLoginBodySchema.parse(req.body);
      res.json({ data: await accounts.testLogin(email, contextOf(req)) });
    });
  }

  router.post('/refresh', async (req, res) => {
    const { refreshToken } = refreshBodySchema.parse(req.body);
    res.json({ data: await accounts.refresh(refreshToken, contextOf(req)) });
  });

  router.post('/logout', async (req, res) => {
    const { refreshToken } = logoutBodySchema.parse(req.body ?? {});
    await accounts.logout(refreshToken, contextOf(req));
    res.json({ data: { message: 'Signed out' } });
  });

  router.post('/forgot-password', async (req, res) => {
    const { email } = forgotPasswordBodySchema.parse(req.body);
    await take(res, limits.resetPerIp, clientIp(req));
    await take(res, limits.resetPerAccount, email);
    res.json({ data: { message: await accounts.forgotPassword(email, contextOf(req)) } });
  });

  router.post('/reset-password', async (req, res) => {
    await take(res, limits.resetPerIp, clientIp(req));
    const { token, password } = resetPasswordBodySchema.parse(req.body);
    await accounts.resetPassword(token, password, contextOf(req));
    res.json({ data: { message: 'Password reset successful' } });
  });

  router.post('/confirm-email-change', async (req, res) => {
    await take(res, limits.resetPerIp, clientIp(req));
    const { token } = emailChangeTokenBodySchema.parse(req.body);
    res.json({ data: { message: await accounts.confirmEmailChange(token, contextOf(req)) } });
  });

  router.post('/undo-email-change', async (req, res) => {
    await take(res, limits.resetPerIp, clientIp(req));
    const { token } = emailChangeTokenBodySchema.parse(req.body);
    res.json({ data: { message: await accounts.undoEmailChange(token, contextOf(req)) } });
  });

  router.get('/verify-reset-token', async (req, res) => {
    const { token } = verifyResetTokenQuerySchema.parse(req.query);
    res.json({ data: { valid: await accounts.isResetTokenValid(token) } });
  });

  const signedIn = requireUser(verifier);
  router.get('/verify', signedIn, async (req, res) => {
    res.json({ data: { user: toUser(await accounts.currentUser(principal(req).id)) } });
  });
  for (const path of ['/profile', '/me']) {
    router.get(path, signedIn, async (req, res) => {
      res.json({ data: toUser(await accounts.currentUser(principal(req).id)) });
    });
  }
  return router;
}
