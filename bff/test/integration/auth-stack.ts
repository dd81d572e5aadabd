import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';
import { SERVICE_NAMES } from '@kicksight/contracts';
import {
  closeServer,
  createEventProducer,
  createLogger,
  listen,
  openInfra,
  type EventProducer,
  type Pool,
  type Redis,
} from '@kicksight/platform';
import { createTestDatabase, createTestTopics, movableClock, testKafka, uniqueName, type StackUrls } from '@kicksight/testkit';
import { createApp as createAuthApp } from '../../../services/auth/src/app.ts';
import { loadConfig as loadAuthConfig } from '../../../services/auth/src/config.ts';
import { generateSigningKey, loadSigningKeys } from '../../../services/auth/src/domain/tokens.ts';
import { createApp as createBffApp } from '../../src/app.ts';
import { loadConfig as loadBffConfig } from '../../src/config.ts';
import { Cleanups, startUpstream } from './support.ts';

export const SERVICE_TOKEN = 'auth-journeys-service-token';
/** Where the web app receives Google's authorization code. */
export const GOOGLE_REDIRECT_URI = 'http://127.0.0.1:5173/auth/callback';

/** The real auth service behind a real BFF, and what a test needs to look inside them. */
export interface AuthStack {
  /** The BFF's origin: every call of a journey goes here. */
  bffUrl: string;
  authUrl: string;
  authInternalUrl: string;
  /** Auth's own database (to read the outbox or promote an account). */
  authPool: Pool;
  /** Auth's clock, which a test can move (to expire links and tokens). */
  authClock: ReturnType<typeof movableClock>;
  /** The topic prefix auth and the BFF share. */
  prefix: string;
  /** Stands in for Google's OAuth endpoints. */
  oauth: OAuth2Server;
  /** Publishes events on the shared topics, as billing would. */
  producer: EventProducer;
  /** The BFF's Redis (to look at its cached API-key exchanges). */
  bffRedis: Redis;
  /** Every log line each app wrote. */
  bffLogs: string[];
  authLogs: string[];
  /** What the other services (behind the BFF) received; they answer `{ data: { service, path } }`. */
  upstream: Awaited<ReturnType<typeof startUpstream>>;
  close(): Promise<void>;
}

function lineSink(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
}

async function serve(app: Parameters<typeof listen>[0], cleanups: Cleanups): Promise<string> {
  const { server, url } = await listen(app, 0, '127.0.0.1');
  cleanups.add(() => closeServer(server, 500));
  return url;
}

/** Generous limits: a journey suite makes many sign-ins and registrations from one address. */
const HIGH_LIMITS = {
  LOGIN_ATTEMPTS_PER_IP: '100000',
  LOGIN_FAILURES_PER_ACCOUNT: '1000',
  REGISTRATIONS_PER_IP_PER_HOUR: '100000',
  RESET_REQUESTS_PER_IP: '100000',
  RESET_REQUESTS_PER_ACCOUNT: '1000',
};

/**
 * Starts auth (own database, topic prefix, signing key, test login, Google pointed at a mock) and
 * a BFF in front of it on the same topics and service token; the other services are one stub.
 */
export async function startAuthStack(stack: StackUrls): Promise<AuthStack> {
  const cleanups = new Cleanups();
  try {
    const kafka = testKafka(stack.kafkaBrokers);
    const topics = await createTestTopics(kafka, 'auth_journeys');
    cleanups.add(topics.drop);
    const db = await createTestDatabase(stack.postgres, 'auth_journeys');
    cleanups.add(db.drop);

    const oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    cleanups.add(() => oauth.stop());
    const issuer = oauth.issuer.url!;

    // Auth, built as its main.ts builds it, with a clock of its own and its logs kept.
    const signingKeys = JSON.stringify([await generateSigningKey(uniqueName('journeys'))]);
    const authConfig = loadAuthConfig({
      SERVICE_TOKEN,
      DATABASE_URL: db.url,
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: topics.prefix,
      JWT_SIGNING_KEYS: signingKeys,
      WEB_URL: 'http://127.0.0.1:5173',
      TEST_LOGIN_ENABLED: 'true',
      GOOGLE_CLIENT_ID: 'kicksight-web',
      GOOGLE_CLIENT_SECRET: 'journeys-secret',
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      ...HIGH_LIMITS,
    });
    const authOpened = await openInfra({
      name: 'auth',
      logLevel: 'silent',
      postgres: { url: db.url, migrationsDir: fileURLToPath(new URL('../../../services/auth/src/store/migrations', import.meta.url)) },
      redisUrl: stack.redis,
      kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix },
      outbox: true,
    });
    cleanups.add(authOpened.close);
    const authInfra = authOpened.infra;
    const authClock = movableClock();
    const authLogs: string[] = [];
    authInfra.clock = authClock;
    authInfra.logger = createLogger('auth', 'info', lineSink(authLogs));
    const auth = createAuthApp({ infra: authInfra, config: authConfig, keys: await loadSigningKeys(signingKeys), rateLimitNamespace: uniqueName('auth_rl') });
    cleanups.add(() => auth.stop());
    await auth.start();
    const authUrl = await serve(auth.app, cleanups);
    const authInternalUrl = await serve(auth.internalApp!, cleanups);

    // Every other service is one stub that answers 200, so edge decisions are visible on their routes.
    const upstream = await startUpstream('service', cleanups);
    const otherServices = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, upstream.url]));

    // The BFF, built as its main.ts builds it, with its logs kept.
    const bffConfig = loadBffConfig({
      SERVICE_TOKEN,
      REDIS_URL: stack.redis,
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: topics.prefix,
      LOG_LEVEL: 'info',
      ...otherServices,
      AUTH_URL: authUrl,
      AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json`,
      AUTH_INTERNAL_URL: authInternalUrl,
      RATE_LIMIT_POINTS: '100000',
      RATE_LIMIT_KEY_PREFIX: uniqueName('bff_rl'),
    });
    const bffOpened = await openInfra({ name: 'bff', logLevel: 'silent', redisUrl: stack.redis, kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix } });
    cleanups.add(bffOpened.close);
    const bffLogs: string[] = [];
    bffOpened.infra.logger = createLogger('bff', 'info', lineSink(bffLogs));
    const bff = createBffApp({ infra: bffOpened.infra, config: bffConfig });
    cleanups.add(() => bff.stop());
    await bff.start();
    const bffUrl = await serve(bff.app, cleanups);
    cleanups.add(async () => bff.endStreams());

    const producer = createEventProducer(kafka, { prefix: topics.prefix });
    await producer.connect();
    cleanups.add(() => producer.disconnect());

    return {
      bffUrl,
      authUrl,
      authInternalUrl,
      authPool: authInfra.pool!,
      authClock,
      prefix: topics.prefix,
      oauth,
      producer,
      bffRedis: bffOpened.infra.redis!,
      bffLogs,
      authLogs,
      upstream,
      close: () => cleanups.run(),
    };
  } catch (err) {
    await cleanups.run();
    throw err;
  }
}

// Answers are read loosely: tests assert on their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

function parseJson(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return { text };
  }
}

/** A small JSON client for one origin; `token` goes out as a bearer credential. */
export function client(baseUrl: string) {
  async function call(method: string, path: string, options: { body?: unknown; token?: string; raw?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    return { status: response.status, body: parseJson(await response.text()), headers: response.headers };
  }
  return {
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, body?: unknown, token?: string) => call('POST', path, { body, token }),
    put: (path: string, body?: unknown, token?: string) => call('PUT', path, { body, token }),
    delete: (path: string, body?: unknown, token?: string) => call('DELETE', path, { body, token }),
    raw: (method: string, path: string, raw: string) => call(method, path, { raw }),
  };
}

export type Client = ReturnType<typeof client>;

export const uniqueEmail = (label = 'collector'): string => `${uniqueName(label)}@example.com`;

/** Registers an account through `api` and returns its credentials and session. */
export async function register(api: Client, overrides: { name?: string; email?: string; password?: string } = {}) {
  const body = { name: 'Ana Lima', email: uniqueEmail(), password: 'sneakers-123', ...overrides };
  const response = await api.post('/api/auth/register', body);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...body, user: response.body.data.user as Json, tokens: response.body.data.tokens as { accessToken: string; refreshToken: string; expiresAt: number } };
}

/** The claims of a JWT, unverified. */
export const claimsOf = (token: string): Json => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Json;
