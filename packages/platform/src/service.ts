import type { Express } from 'express';
import type pg from 'pg';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import { closeServer, createHttpApp, finishHttpApp, listen } from './http.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { healthRouter, type ReadinessCheck } from './health.ts';
import { pgOutboxBacklog, readFlow, watchOutbox } from './flow-metrics.ts';
import { requireServiceToken } from './internal.ts';
import { Lifecycle } from './lifecycle.ts';
import { createLogger, type Logger } from './logger.ts';
import { commonEnv, envField } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import { createPgPool, migrate, pgCheck } from './postgres.ts';
import { createRedis, redisCheck, redisConnected, type Redis } from './redis.ts';
import { connectMongo, mongoCheck } from './mongo.ts';
import { createEventProducer, createKafka, createKafkaCheck, type EventProducer } from './kafka.ts';
import { createOutboxRelay, type OutboxRelay } from './outbox.ts';

/** Env settings every backend service shares (ports are each service's own). */
export const serviceEnv = {
  ...commonEnv,
  SERVICE_TOKEN: z.string().min(16, 'SERVICE_TOKEN must be at least 16 characters'),
  KAFKA_BROKERS: envField.list('127.0.0.1:9092'),
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  REDIS_URL: envField.url('redis://127.0.0.1:6379'),
};

/** What `createApp(deps)` of every service returns. */
export interface ServiceApp {
  /** The public port: the service's `/api/...` routes, health and metrics. */
  app: Express;
  /** The internal port: `/internal/...` routes behind the service token, and health. */
  internalApp?: Express;
  /** Starts background work (consumers, relays, jobs). */
  start(): Promise<void>;
  /** Stops background work; the stores passed in are closed by whoever opened them. */
  stop(): Promise<void>;
}

export interface HttpSurfaceOptions {
  name: string;
  logger: Logger;
  checks: Record<string, ReadinessCheck>;
  /** Checks whose failure the service serves through: it stays ready and says it is degraded. */
  degradable?: string[];
  /** With a service token the surface also has an internal app (`/internal/...` behind the token), reachable only from Kicksight's own processes. */
  serviceToken?: string;
  /** Mounts the public routes; the app's metrics are handed over for routes that report on them. */
  routes?: (app: Express, metrics: Metrics) => void;
  internalRoutes?: (app: Express) => void;
  /** The BFF proxies bodies untouched and so does not parse them. */
  parseJson?: boolean;
  rawBodyPaths?: string[];
  /** See `HttpAppOptions.trustProxy` (the public app only). */
  trustProxy?: number | string;
  /**
   * Where Prometheus scrapes `/metrics`: the public port (services, reached only inside the cluster) or an
   * internal app of its own (the BFF and the web server, whose public ports face the internet).
   */
  metricsPort?: 'public' | 'internal';
}

/** The public and internal express apps of a service, with health, metrics and error handling. */
export function createHttpSurface(options: HttpSurfaceOptions): { app: Express; internalApp?: Express; metrics: Metrics } {
  const { name, logger, checks, degradable, serviceToken, metricsPort = 'public' } = options;
  const metrics = createMetrics(name);
  const app = createHttpApp({ logger, metrics, parseJson: options.parseJson ?? true, rawBodyPaths: options.rawBodyPaths, trustProxy: options.trustProxy });
  // The flow figures are read where the metrics are served: never on a port that faces the internet.
  app.use(healthRouter(checks, { degradable, flow: metricsPort === 'public' ? readFlow : undefined }));
  if (metricsPort === 'public') app.get('/metrics', metrics.handler);
  options.routes?.(app, metrics);
  finishHttpApp(app, logger);

  if (serviceToken === undefined && metricsPort === 'public') return { app, metrics };
  const internalApp = createHttpApp({ logger });
  // Services calling each other never revalidate an answer: no ETag (a hash of every body) on this port.
  internalApp.set('etag', false);
  internalApp.use(healthRouter(checks, { degradable, flow: metricsPort === 'internal' ? readFlow : undefined }));
  if (metricsPort === 'internal') internalApp.get('/metrics', metrics.handler);
  if (serviceToken !== undefined) internalApp.use('/internal', requireServiceToken(serviceToken));
  options.internalRoutes?.(internalApp);
  finishHttpApp(internalApp, logger);
  return { app, internalApp, metrics };
}

/** The stores and clients a service asks for; each is opened only when asked. */
export interface InfraSpec {
  name: string;
  logLevel: string;
  postgres?: { url: string; migrationsDir?: string; poolSize?: number };
  mongoUrl?: string;
  redisUrl?: string;
  kafka?: { brokers: string[]; prefix: string };
  /**
   * The transactional outbox of its PostgreSQL database: `relay` runs the relay here (needs kafka); `watch` only
   * reports its backlog, for a process whose relay runs in another one (a worker), so that its health and metrics
   * still show what waits there.
   */
  outbox?: 'relay' | 'watch';
}

export interface Infra {
  name: string;
  logger: Logger;
  clock: Clock;
  pool?: pg.Pool;
  mongo?: Connection;
  redis?: Redis;
  kafka?: Kafka;
  kafkaPrefix: string;
  producer?: EventProducer;
  relay?: OutboxRelay;
  /** Readiness checks of the opened stores and broker. */
  checks: Record<string, ReadinessCheck>;
}

/** How long start-up waits for Redis before it goes on without it. */
const REDIS_START_WAIT_MS = 10_000;

/** Opens what a service needs, migrating its database first; `close` releases it all in reverse order. */
export async function openInfra(spec: InfraSpec): Promise<{ infra: Infra; close: () => Promise<void> }> {
  const logger = createLogger(spec.name, spec.logLevel);
  const closers: (() => Promise<unknown>)[] = [];
  const infra: Infra = { name: spec.name, logger, clock: systemClock, kafkaPrefix: spec.kafka?.prefix ?? '', checks: {} };
  try {
    if (spec.postgres) {
      await migrate(spec.postgres.url, spec.postgres.migrationsDir, logger);
      const pool = createPgPool(spec.postgres.url, { name: spec.name, max: spec.postgres.poolSize });
      closers.push(() => pool.end());
      infra.pool = pool;
      infra.checks.postgres = pgCheck(pool);
      if (spec.outbox === 'watch') {
        const unwatch = watchOutbox(() => pgOutboxBacklog(pool));
        closers.push(async () => unwatch());
      }
    }
    if (spec.mongoUrl) {
      const mongo = await connectMongo(spec.mongoUrl);
      closers.push(() => mongo.close());
      infra.mongo = mongo;
      infra.checks.mongo = mongoCheck(mongo);
    }
    if (spec.redisUrl) {
      const redis = createRedis(spec.redisUrl);
      closers.push(() => redis.quit().catch(() => redis.disconnect()));
      // Commands fail at once while the client is not connected: the first requests wait for its connection.
      if (!(await redisConnected(redis, REDIS_START_WAIT_MS))) logger.warn('Redis is not reachable yet; readiness reports it until it is');
      infra.redis = redis;
      infra.checks.redis = redisCheck(redis);
    }
    if (spec.kafka) {
      const kafka = createKafka({ clientId: spec.name, brokers: spec.kafka.brokers, logger });
      const health = createKafkaCheck(kafka);
      closers.push(health.close);
      infra.kafka = kafka;
      infra.checks.kafka = health.check;
      const producer = createEventProducer(kafka, { prefix: spec.kafka.prefix });
      await producer.connect();
      closers.push(() => producer.disconnect());
      infra.producer = producer;
      if (spec.outbox === 'relay' && infra.pool) {
        const relay = createOutboxRelay({ pool: infra.pool, producer, logger, name: spec.name });
        relay.start();
        closers.push(() => relay.stop());
        infra.relay = relay;
      }
    }
  } catch (err) {
    await closeAll(closers);
    throw err;
  }
  return { infra, close: () => closeAll(closers) };
}

async function closeAll(closers: (() => Promise<unknown>)[]): Promise<void> {
  for (const close of [...closers].reverse()) await close().catch(() => {});
}

export interface RunServiceOptions {
  infra: InfraSpec;
  port: number;
  /** The interface both ports listen on (HOST). */
  host: string;
  /** Services serve `/internal/...` here (the BFF its metrics and detailed health). */
  internalPort?: number;
  graceMs: number;
  /**
   * On SIGTERM, idle kept-alive connections are left for the peer to use once more (the answer closes it) or
   * close, rather than closed at once: for a process behind a proxy that never sends a write twice (nginx as
   * the ingress), which would lose a write it sent on a connection at the moment it was closed.
   */
  leaveIdleConnections?: boolean;
  createApp: (infra: Infra) => ServiceApp | Promise<ServiceApp>;
}

/**
 * The composition root's last step: opens stores, builds the app, listens on both ports, starts
 * background work and stops it all on SIGTERM in order: HTTP (drain), background work, stores.
 */
export async function runService({ infra: spec, port, host, internalPort, graceMs, leaveIdleConnections = false, createApp }: RunServiceOptions): Promise<void> {
  const { infra, close } = await openInfra(spec);
  const { logger } = infra;
  const lifecycle = new Lifecycle(logger);
  try {
    const service = await createApp(infra);
    const publicServer = await listen(service.app, port, host);
    const servers = [publicServer.server];
    if (service.internalApp && internalPort !== undefined) servers.push((await listen(service.internalApp, internalPort, host)).server);
    lifecycle.onStop('http', () => Promise.all(servers.map((server) => closeServer(server, graceMs, { leaveIdle: leaveIdleConnections }))).then(() => {}));
    lifecycle.onStop('background work', () => service.stop());
    lifecycle.onStop('stores', close);
    await service.start();
    lifecycle.stopOnSignals(graceMs);
    logger.info({ host, port: publicServer.port, internalPort }, `${spec.name} is listening`);
  } catch (err) {
    logger.fatal({ err }, `${spec.name} failed to start`);
    await lifecycle.stop();
    await close();
    process.exitCode = 1;
    throw err;
  }
}
