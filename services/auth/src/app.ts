import { createLocalJWKSet } from 'jose';
import { DAY_MS, type ClientConfig } from '@kicksight/contracts';
import { createHttpSurface, createJwtVerifier, type Infra, type ServiceApp, consumersRunning } from '@kicksight/platform';
import type { Config } from './config.ts';
import { createAccounts } from './domain/accounts.ts';
import { createApiKeys } from './domain/api-keys.ts';
import { createGoogleSignIn } from './domain/google.ts';
import type { SigningKeys } from './domain/tokens.ts';
import { membershipConsumer } from './events/membership-consumer.ts';
import { adminRouter } from './http/admin-router.ts';
import { authRouter } from './http/auth-router.ts';
import { internalRouter } from './http/internal-router.ts';
import { createLimits } from './http/limits.ts';
import { userRouter } from './http/user-router.ts';


export interface Deps {
  infra: Infra;
  config: Config;
  keys: SigningKeys;
  /** Separates rate-limit counters of several apps on one Redis (tests). */
  rateLimitNamespace?: string;
}

/** The auth service: accounts, roles, sessions, Google sign-in, password reset and API keys. */
export function createApp({ infra, config, keys, rateLimitNamespace = 'auth' }: Deps): ServiceApp {
  const { pool, redis, kafka, clock, logger } = infra;
  if (!pool || !redis || !kafka) throw new Error('auth needs Postgres, Redis and Kafka');

  const accounts = createAccounts({ pool, clock, keys, webUrl: config.WEB_URL, refreshTokenTtlMs: config.REFRESH_TOKEN_TTL_DAYS * DAY_MS, sessionMaxAgeMs: config.SESSION_MAX_AGE_DAYS * DAY_MS });
  const apiKeys = createApiKeys({ pool, clock, keys });
  const verifier = createJwtVerifier({ keys: createLocalJWKSet(keys.jwks) });
  const google = createGoogleSignIn({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
    tokenURL: config.GOOGLE_TOKEN_URL,
    userProfileURL: config.GOOGLE_USERINFO_URL,
  });
  const limits = createLimits(redis, config, rateLimitNamespace);
  const consumer = membershipConsumer({ kafka, prefix: infra.kafkaPrefix, pool, clock, logger });

  const { app, internalApp } = createHttpSurface({
    name: 'auth',
    logger,
    checks: { ...infra.checks, consumers: consumersRunning(consumer) },
    // Without Redis, sign-ups and sign-ins (whose attempt limits it counts) answer 503; every other call goes on.
    degradable: ['redis'],
    serviceToken: config.SERVICE_TOKEN,
    routes: (app) => {
      app.get('/.well-known/jwks.json', (_req, res) => {
        res.setHeader('cache-control', 'public, max-age=300');
        res.json(keys.jwks);
      });
      app.get('/api/config', (_req, res) => {
        res.json({ data: { testLogin: config.TEST_LOGIN_ENABLED } satisfies ClientConfig });
      });
      app.use('/api/auth', authRouter({ accounts, google, verifier, limits, redis, testLoginEnabled: config.TEST_LOGIN_ENABLED }));
      app.use('/api/user', userRouter({ accounts, apiKeys, verifier, redis }));
      app.use('/api/admin', adminRouter({ pool, verifier }));
    },
    internalRoutes: (app) => {
      app.use('/internal', internalRouter({ apiKeys }));
    },
  });

  return {
    app,
    internalApp,
    async start() {
      if (config.SEED_ADMIN_EMAIL) {
        await accounts.ensureAdmin({ email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD, name: 'Administrator' });
      }
      await consumer.start();
    },
    stop: () => consumer.stop(),
  };
}
