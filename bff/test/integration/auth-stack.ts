import { Writable } from 'node:stream';
import { OAuth2Server } from 'oauth2-mock-server';
import { SERVICE_NAMES } from '@kicksight/contracts';
import { closeServer, createEventProducer, createLogger, listen, openInfra, type EventProducer, type Pool, type Redis } from '@kicksight/platform';
import { Cleanups, stackEnv, startUpstream, testKafka, uniqueName, type StackUrls } from '@kicksight/testkit';
import { startAuth, type AuthApp } from '../../../services/auth/test/integration/auth-app.ts';
import { createApp as createBffApp } from '../../src/app.ts';
import { loadConfig as loadBffConfig } from '../../src/config.ts';

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
  authClock: AuthApp['clock'];
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

/**
 * Starts auth (own database, topic prefix, signing key, test login, Google pointed at a mock) and
 * a BFF in front of it on the same topics and service token; the other services are one stub.
 */
export async function startAuthStack(stack: StackUrls): Promise<AuthStack> {
  const cleanups = new Cleanups();
  try {
    const oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, '127.0.0.1');
    cleanups.add(() => oauth.stop());
    const issuer = oauth.issuer.url!;

    // Auth, built as its main.ts builds it, with a clock of its own and its logs kept.
    const auth = await startAuth({
      SERVICE_TOKEN,
      TEST_LOGIN_ENABLED: 'true',
      GOOGLE_CLIENT_ID: 'kicksight-web',
      GOOGLE_CLIENT_SECRET: 'journeys-secret',
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      LOGIN_FAILURES_PER_ACCOUNT: '1000',
      RESET_REQUESTS_PER_ACCOUNT: '1000',
    });
    cleanups.add(() => auth.close());
    const { url: authUrl, internalUrl: authInternalUrl, prefix } = auth;

    // Every other service is one stub that answers 200, so edge decisions are visible on their routes.
    const upstream = await startUpstream('service', cleanups);
    const otherServices = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, upstream.url]));

    // The BFF, built as its main.ts builds it, with its logs kept.
    const bffConfig = loadBffConfig({
      SERVICE_TOKEN,
      ...stackEnv(stack, prefix),
      LOG_LEVEL: 'info',
      ...otherServices,
      AUTH_URL: authUrl,
      AUTH_JWKS_URL: `${authUrl}/.well-known/jwks.json`,
      AUTH_INTERNAL_URL: authInternalUrl,
      RATE_LIMIT_POINTS: '100000',
      RATE_LIMIT_KEY_PREFIX: uniqueName('bff_rl'),
    });
    const bffOpened = await openInfra({ name: 'bff', logLevel: 'silent', redisUrl: stack.redis, kafka: { brokers: stack.kafkaBrokers, prefix } });
    cleanups.add(bffOpened.close);
    const bffLogs: string[] = [];
    bffOpened.infra.logger = createLogger('bff', 'info', lineSink(bffLogs));
    const bff = createBffApp({ infra: bffOpened.infra, config: bffConfig });
    cleanups.add(() => bff.stop());
    await bff.start();
    const bffUrl = await serve(bff.app, cleanups);
    cleanups.add(async () => bff.endStreams());

    const producer = createEventProducer(testKafka(stack.kafkaBrokers), { prefix });
    await producer.connect();
    cleanups.add(() => producer.disconnect());

    return {
      bffUrl,
      authUrl,
      authInternalUrl,
      authPool: auth.infra.pool!,
      authClock: auth.clock,
      prefix,
      oauth,
      producer,
      bffRedis: bffOpened.infra.redis!,
      bffLogs,
      authLogs: auth.logs,
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

export { jsonClient as client, type JsonClient as Client } from '@kicksight/testkit';
export { register, uniqueEmail } from '../../../services/auth/test/integration/auth-app.ts';

/** The claims of a JWT, unverified. */
export const claimsOf = (token: string): Json => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Json;
