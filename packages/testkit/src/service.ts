import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { closeServer, createLogger, listen, openInfra, type Infra, type ServiceApp } from '@kicksight/platform';
import { movableClock } from './clock.ts';
import { createTestTopics } from './kafka.ts';
import { createTestDatabase } from './postgres.ts';
import { testKafka } from './infra.ts';
import { uniqueName } from './names.ts';
import type { StackUrls } from './stack.ts';
import { proxyInFront, type Proxy } from './toxiproxy.ts';

/** A store a test can take away from one service. */
export type FaultableStore = 'postgres' | 'redis' | 'mongo';

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
  /** The proxies in front of the stores named in `faults`: `disable()` takes the store away from this service. */
  proxies: Partial<Record<FaultableStore, Proxy>>;
  close(): Promise<void>;
}

export interface TestServiceOptions<App extends ServiceApp> {
  name: string;
  /** The service's migrations; a database of its own is made when given. */
  migrationsDir?: string;
  /** A MongoDB database of its own (dropped at the end). */
  mongo?: boolean;
  redis?: boolean;
  /** Stores the service reaches through a proxy of their own, which the test can cut (see `proxies`). */
  faults?: FaultableStore[];
  /** Builds the app the way its main.ts does, from the opened stores and the run's names. */
  build: (infra: Infra, names: { databaseUrl?: string; mongoUrl?: string; redisUrl?: string; prefix: string }) => App | Promise<App>;
}

/** The settings that point a service at this run's shared servers: Redis, Kafka with the run's topic prefix, and its database when it has one. */
export function stackEnv(stack: StackUrls, prefix: string, databaseUrl?: string): Record<string, string> {
  return { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), REDIS_URL: stack.redis, KAFKA_BROKERS: stack.kafkaBrokers.join(','), KAFKA_TOPIC_PREFIX: prefix };
}

/**
 * A service as its main.ts runs it, on free ports against the shared servers: its own database and
 * topic prefix, a movable clock, its log lines kept, background work started; `close` undoes it all.
 */
export async function startTestService<App extends ServiceApp>({ name, migrationsDir, mongo = false, redis = true, faults = [], build }: TestServiceOptions<App>): Promise<TestService<App>> {
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
    const directMongoUrl = mongo ? `${stack.mongo.replace(/\/$/, '')}/${uniqueName(name)}` : undefined;
    const proxies: Partial<Record<FaultableStore, Proxy>> = {};
    const reach = async (store: FaultableStore, url: string | undefined): Promise<string | undefined> => {
      if (url === undefined || !faults.includes(store)) return url;
      const front = await proxyInFront(stack.toxiproxy, `${name}-${store}`, url);
      proxies[store] = front.proxy;
      undo.push(() => front.proxy.remove());
      return front.url;
    };
    const databaseUrl = await reach('postgres', db?.url);
    const mongoUrl = await reach('mongo', directMongoUrl);
    const redisUrl = await reach('redis', redis ? stack.redis : undefined);
    const { infra, close } = await openInfra({
      name,
      logLevel: 'silent',
      postgres: databaseUrl && migrationsDir ? { url: databaseUrl, migrationsDir } : undefined,
      mongoUrl,
      redisUrl,
      kafka: { brokers: stack.kafkaBrokers, prefix: topics.prefix },
      outbox: db !== undefined ? 'relay' : undefined,
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
    const app = await build(infra, { databaseUrl, mongoUrl, redisUrl, prefix: topics.prefix });
    await app.start();
    undo.push(() => app.stop());
    const pub = await listen(app.app, 0, '127.0.0.1');
    undo.push(() => closeServer(pub.server, 500));
    const internal = app.internalApp ? await listen(app.internalApp, 0, '127.0.0.1') : undefined;
    if (internal) undo.push(() => closeServer(internal.server, 500));
    return { url: pub.url, internalUrl: internal?.url, app, infra, prefix: topics.prefix, databaseUrl: db?.url, clock, logs, proxies, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
