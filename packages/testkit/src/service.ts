import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { closeServer, createLogger, listen, openInfra, type Infra, type ServiceApp } from '@kicksight/platform';
import { movableClock } from './clock.ts';
import { createTestTopics } from './kafka.ts';
import { createTestDatabase } from './postgres.ts';
import { testKafka } from './infra.ts';
import { uniqueName } from './names.ts';
import type { StackUrls } from './stack.ts';

export interface TestService<App extends ServiceApp = ServiceApp> {
  url: string;
  internalUrl?: string;
  app: App;
  infra: Infra;
  /** The topic prefix of this service's run. */
  prefix: string;
  databaseUrl?: string;
  /** The service's clock, which a test can move. */
  clock: ReturnType<typeof movableClock>;
  /** Every log line the service wrote. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestServiceOptions<App extends ServiceApp> {
  name: string;
  /** The service's migrations; a database of its own is made when given. */
  migrationsDir?: string;
  /** A MongoDB database of its own (dropped at the end). */
  mongo?: boolean;
  redis?: boolean;
  /** Builds the app the way its main.ts does, from the opened stores and the run's names. */
  build: (infra: Infra, names: { databaseUrl?: string; mongoUrl?: string; prefix: string }) => App | Promise<App>;
}

/** The settings that point a service at this run's shared servers: Redis, Kafka with the run's topic prefix, and its database when it has one. */
export function stackEnv(stack: StackUrls, prefix: string, databaseUrl?: string): Record<string, string> {
  return { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), REDIS_URL: stack.redis, KAFKA_BROKERS: stack.kafkaBrokers.join(','), KAFKA_TOPIC_PREFIX: prefix };
}

/**
 * A service as its main.ts runs it, on free ports against the shared servers: its own database and
 * topic prefix, a movable clock, its log lines kept, background work started; `close` undoes it all.
 */
export async function startTestService<App extends ServiceApp>({ name, migrationsDir, mongo = false, redis = true, build }: TestServiceOptions<App>): Promise<TestService<App>> {
  const stack = inject('stack');
  const undo: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const step of undo.reverse()) await step().catch(() => {});
  };
  try {
    const topics = await createTestTopics(testKafka(stack.kafkaBrokers), name);
    undo.push(topics.drop);
    const db = migrationsDir ? await createTestDatabase(stack.postgres, name) : undefined;
    if (db) undo.push(db.drop);
    const mongoUrl = mongo ? `${stack.mongo.replace(/\/$/, '')}/${uniqueName(name)}` : undefined;
    const { infra, close } = await openInfra({
      name,
      logLevel: 'silent',
      postgres: db && migrationsDir ? { url: db.url, migrationsDir } : undefined,
      mongoUrl,
      redisUrl: redis ? stack.redis : undefined,
      kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix },
      outbox: db !== undefined,
    });
    undo.push(close);
    if (infra.mongo) undo.push(() => infra.mongo!.dropDatabase());
    const clock = movableClock();
    const logs: string[] = [];
    infra.clock = clock;
    infra.logger = createLogger(
      name,
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      }),
    );
    const app = await build(infra, { databaseUrl: db?.url, mongoUrl, prefix: topics.prefix });
    await app.start();
    undo.push(() => app.stop());
    const pub = await listen(app.app, 0, '127.0.0.1');
    undo.push(() => closeServer(pub.server, 500));
    const internal = app.internalApp ? await listen(app.internalApp, 0, '127.0.0.1') : undefined;
    if (internal) undo.push(() => closeServer(internal.server, 500));
    return { url: pub.url, internalUrl: internal?.url, app, infra, prefix: topics.prefix, databaseUrl: db?.url, clock, logs, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
