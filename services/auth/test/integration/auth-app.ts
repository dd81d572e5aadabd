import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { stackEnv, jsonClient, startTestService, uniqueName, type FaultableStore, type TestService } from '@kicksight/testkit';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { generateSigningKey, loadSigningKeys, type SigningKeys } from '../../src/domain/tokens.ts';

export const SERVICE_TOKEN = 'auth-test-service-token';

export type AuthApp = TestService & { internalUrl: string; keys: SigningKeys };

/** Limits high enough that a suite making many sign-ins from one address is not throttled. */
export const HIGH_LIMITS = {
  LOGIN_ATTEMPTS_PER_IP: '100000',
  REGISTRATIONS_PER_IP_PER_HOUR: '100000',
  RESET_REQUESTS_PER_IP: '100000',
};

/**
 * The auth service on free ports against the shared servers, with its own database, topics, signing key
 * and a movable clock; the stores in `faults` are reached through proxies the test can cut.
 */
export async function startAuth(env: Record<string, string> = {}, faults: FaultableStore[] = []): Promise<AuthApp> {
  const stack = inject('stack');
  const signingKeys = JSON.stringify([await generateSigningKey(uniqueName('key'))]);
  const keys = await loadSigningKeys(signingKeys);
  const service = await startTestService({
    name: 'auth',
    faults,
    migrationsDir: fileURLToPath(new URL('../../src/store/migrations', import.meta.url)),
    build: (infra, { databaseUrl, prefix }) =>
      createApp({
        infra,
        keys,
        rateLimitNamespace: uniqueName('auth'),
        config: loadConfig({
          SERVICE_TOKEN,
          ...stackEnv(stack, prefix, databaseUrl),
          JWT_SIGNING_KEYS: signingKeys,
          WEB_URL: 'http://127.0.0.1:5173',
          ...HIGH_LIMITS,
          ...env,
        }),
      }),
  });
  return { ...service, internalUrl: service.internalUrl!, keys };
}

export const client = jsonClient;

export const uniqueEmail = (label = 'member') => `${uniqueName(label)}@example.com`;

/** The sign-in (`sid`) an access token belongs to. */
export const sidOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;

/** The sign-ins the edge was told have ended for a user (user.signed_out in the outbox), in order. */
export async function signedOut(auth: AuthApp, userId: string): Promise<string[]> {
  const { rows } = await auth.infra.pool!.query(`SELECT envelope FROM outbox WHERE type = 'user.signed_out@1' AND message_key = $1 ORDER BY seq`, [userId]);
  return rows.map((r) => r.envelope.data.sessionId as string);
}

/** Registers an account and returns its session. */
export async function register(api: ReturnType<typeof client>, overrides: { name?: string; email?: string; password?: string } = {}) {
  const body = { name: 'Ana Lima', email: uniqueEmail(), password: 'sneakers-123', ...overrides };
  const response = await api.post('/api/auth/register', body);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...body, user: response.body.data.user, tokens: response.body.data.tokens };
}
