import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import type Stripe from 'stripe';
import { JWT_AUDIENCE, JWT_ISSUER, createJwtVerifier, createServiceClient } from '@kicksight/platform';
import { stackEnv, jsonClient, startTestService, type FaultableStore, type TestService } from '@kicksight/testkit';
import { createApp, stripeClient } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { ledgerCaughtUp, ledgerStreamOf } from '../../src/store/ledger-stream.ts';

export const SERVICE_TOKEN = 'billing-test-service-token';

export type BillingApp = TestService & {
  internalUrl: string;
  config: Config;
  /** Stripe API calls made by the app (method and path). */
  stripeCalls: { method: string; path: string }[];
  /** A signed access token for a user. */
  token(user: { id: string; role?: 'member' | 'admin'; email?: string; name?: string }): Promise<string>;
  internal: ReturnType<typeof createServiceClient>;
  /** Resolves once every unit counted so far is in the ledger (and its events in the outbox). */
  ledgerWritten(): Promise<void>;
};

/**
 * Billing on free ports against the shared servers, with its own database and topics, a movable clock and
 * test tokens; the stores in `faults` are reached through proxies the test can cut.
 */
export async function startBilling(env: Record<string, string> = {}, faults: FaultableStore[] = []): Promise<BillingApp> {
  const stack = inject('stack');
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const verifier = createJwtVerifier({ keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'ES256' }] }) });
  const stripeCalls: { method: string; path: string }[] = [];
  let config: Config | undefined;
  const service = await startTestService({
    name: 'billing',
    faults,
    migrationsDir: fileURLToPath(new URL('../../src/store/migrations', import.meta.url)),
    build: (infra, { databaseUrl, prefix }) => {
      config = loadConfig({
        SERVICE_TOKEN,
        ...stackEnv(stack, prefix, databaseUrl),
        STRIPE_API_BASE: stack.stripe,
        WEB_URL: 'http://127.0.0.1:5173',
        JOBS_INTERVAL_MS: '0',
        ...env,
      });
      const stripe = stripeClient(config);
      stripe.on('request', (event: Stripe.RequestEvent) => stripeCalls.push({ method: event.method, path: event.path }));
      return createApp({ infra, config, verifier, stripe });
    },
  });
  return {
    ...service,
    internalUrl: service.internalUrl!,
    config: config!,
    stripeCalls,
    internal: createServiceClient({ service: 'billing', baseUrl: service.internalUrl!, serviceToken: SERVICE_TOKEN }),
    ledgerWritten: () => ledgerCaughtUp(service.infra.redis!, ledgerStreamOf(config!.DATABASE_URL)),
    token: (user) =>
      new SignJWT({ email: user.email ?? `${user.id}@example.com`, name: user.name ?? 'Member', role: user.role ?? 'member', tier: 'trial' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k' })
        .setSubject(user.id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        // Two hours on the service's clock, which tests may move.
        .setExpirationTime(Math.floor(service.clock.now().getTime() / 1000) + 2 * 60 * 60)
        .sign(privateKey),
  };
}

export const newUserId = () => randomUUID();

/** A call against a base URL with a bearer token; answers are read loosely. */
export const call = (base: string, method: string, path: string, token?: string, body?: unknown) => jsonClient(base).call(method, path, { token, body });

