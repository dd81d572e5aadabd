import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { closeServer, createLogger, listen, openInfra, type Infra } from '@kicksight/platform';
import { createTestDatabase, createTestTopics, movableClock, testKafka, uniqueName } from '@kicksight/testkit';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { generateSigningKey, loadSigningKeys, type SigningKeys } from '../../src/domain/tokens.ts';

export const SERVICE_TOKEN = 'auth-test-service-token';

export interface AuthApp {
  url: string;
  internalUrl: string;
  infra: Infra;
  keys: SigningKeys;
  prefix: string;
  clock: ReturnType<typeof movableClock>;
  /** Every log line the app wrote. */
  logs: string[];
  close(): Promise<void>;
}

/** The auth service on free ports against the shared servers, with its own database, topics and a settable clock. */
export async function startAuth(env: Record<string, string> = {}): Promise<AuthApp> {
  const stack = inject('stack');
  const kafka = testKafka(stack.kafkaBrokers);
  const db = await createTestDatabase(stack.postgres, 'auth');
  const topics = await createTestTopics(kafka, 'auth');
  const signingKeys = JSON.stringify([await generateSigningKey('test-1')]);
  const config = loadConfig({
    SERVICE_TOKEN,
    DATABASE_URL: db.url,
    REDIS_URL: stack.redis,
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: topics.prefix,
    JWT_SIGNING_KEYS: signingKeys,
    WEB_URL: 'http://127.0.0.1:5173',
    LOGIN_ATTEMPTS_PER_IP: '10000',
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    RESET_REQUESTS_PER_IP: '10000',
    ...env,
  });
  const { infra, close } = await openInfra({
    name: 'auth',
    logLevel: 'silent',
    postgres: { url: db.url, migrationsDir: fileURLToPath(new URL('../../src/store/migrations', import.meta.url)) },
    redisUrl: stack.redis,
    kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix },
    outbox: true,
  });
  const logs: string[] = [];
  const clock = movableClock();
  infra.clock = clock;
  infra.logger = createLogger(
    'auth',
    'info',
    new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  );
  const keys = await loadSigningKeys(signingKeys);
  const service = createApp({ infra, config, keys, rateLimitNamespace: uniqueName('auth') });
  await service.start();
  const pub = await listen(service.app, 0, '127.0.0.1');
  const internal = await listen(service.internalApp!, 0, '127.0.0.1');
  return {
    url: pub.url,
    internalUrl: internal.url,
    infra,
    keys,
    prefix: topics.prefix,
    clock,
    logs,
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

// Answers are read loosely: tests assert on their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function parseJson(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return { text };
  }
}

/** A small JSON client for one base URL. */
export function client(baseUrl: string) {
  async function call(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
    const text = await response.text();
    return { status: response.status, body: parseJson(text), headers: response.headers };
  }
  return {
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, body?: unknown, token?: string, headers?: Record<string, string>) => call('POST', path, { body, token, headers }),
    put: (path: string, body?: unknown, token?: string) => call('PUT', path, { body, token }),
    delete: (path: string, body?: unknown, token?: string) => call('DELETE', path, { body, token }),
    raw: (method: string, path: string, raw: string) => call(method, path, { raw }),
  };
}

export const uniqueEmail = (label = 'member') => `${uniqueName(label)}@example.com`;

/** Registers an account and returns its session. */
export async function register(api: ReturnType<typeof client>, overrides: { name?: string; email?: string; password?: string } = {}) {
  const body = { name: 'Ana Lima', email: uniqueEmail(), password: 'sneakers-123', ...overrides };
  const response = await api.post('/api/auth/register', body);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...body, user: response.body.data.user, tokens: response.body.data.tokens };
}
