import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import type Stripe from 'stripe';
import { JWT_AUDIENCE, JWT_ISSUER, closeServer, createJwtVerifier, createServiceClient, listen, openInfra, type Infra } from '@kicksight/platform';
import { createTestDatabase, createTestTopics, movableClock, testKafka } from '@kicksight/testkit';
import { createApp, stripeClient } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';

export const SERVICE_TOKEN = 'billing-test-service-token';

export interface BillingApp {
  url: string;
  internalUrl: string;
  infra: Infra;
  config: Config;
  prefix: string;
  clock: ReturnType<typeof movableClock>;
  /** Stripe API calls made by the app (method and path). */
  stripeCalls: { method: string; path: string }[];
  /** A signed access token for a user. */
  token(user: { id: string; role?: 'member' | 'admin'; email?: string; name?: string }): Promise<string>;
  internal: ReturnType<typeof createServiceClient>;
  close(): Promise<void>;
}

/** Billing on free ports against the shared servers, with its own database and topics, a settable clock and test tokens. */
export async function startBilling(env: Record<string, string> = {}): Promise<BillingApp> {
  const stack = inject('stack');
  const db = await createTestDatabase(stack.postgres, 'billing');
  const topics = await createTestTopics(testKafka(stack.kafkaBrokers), 'billing');
  const config = loadConfig({
    SERVICE_TOKEN,
    DATABASE_URL: db.url,
    REDIS_URL: stack.redis,
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: topics.prefix,
    STRIPE_API_BASE: stack.stripe,
    WEB_URL: 'http://127.0.0.1:5173',
    JOBS_INTERVAL_MS: '0',
    ...env,
  });
  const { infra, close } = await openInfra({
    name: 'billing',
    logLevel: 'silent',
    postgres: { url: db.url, migrationsDir: fileURLToPath(new URL('../../src/store/migrations', import.meta.url)) },
    redisUrl: stack.redis,
    kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix },
    outbox: true,
  });
  const clock = movableClock();
  infra.clock = clock;
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const verifier = createJwtVerifier({ keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'ES256' }] }) });
  const stripe = stripeClient(config);
  const stripeCalls: { method: string; path: string }[] = [];
  stripe.on('request', (event: Stripe.RequestEvent) => stripeCalls.push({ method: event.method, path: event.path }));
  const service = createApp({ infra, config, verifier, stripe });
  await service.start();
  const pub = await listen(service.app, 0, '127.0.0.1');
  const internal = await listen(service.internalApp!, 0, '127.0.0.1');
  return {
    url: pub.url,
    internalUrl: internal.url,
    infra,
    config,
    prefix: topics.prefix,
    clock,
    stripeCalls,
    internal: createServiceClient({ service: 'billing', baseUrl: internal.url, serviceToken: SERVICE_TOKEN }),
    token: (user) =>
      new SignJWT({ email: user.email ?? `${user.id}@example.com`, name: user.name ?? 'Member', role: user.role ?? 'member', tier: 'trial' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k' })
        .setSubject(user.id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setExpirationTime('2h')
        .sign(privateKey),
    async close() {
      await closeServer(pub.server, 500);
      await closeServer(internal.server, 500);
      await service.stop();
      await close();
      await topics.drop();
      await db.drop();
    },
  };
}

export const newUserId = () => randomUUID();

/** GET/POST against a base URL with a bearer token; answers are read loosely. */
export async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: response.status, body: json, headers: response.headers };
}

/** Opens a local checkout page (rewritten to this app's address) and submits its Pay form, as a browser would. */
export async function payLocalCheckout(baseUrl: string, checkoutUrl: string, button: 'pay' | 'cancel' = 'pay'): Promise<Response> {
  const local = (url: string) => `${baseUrl}${new URL(url.replaceAll('&amp;', '&')).pathname}${new URL(url.replaceAll('&amp;', '&')).search}`;
  const page = await fetch(local(checkoutUrl));
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const html = await page.text();
  const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!).find((a) => a.includes(`/${button}?`));
  if (!action) throw new Error(`no ${button} form on the checkout page`);
  return fetch(local(action), { method: 'POST', redirect: 'manual' });
}
