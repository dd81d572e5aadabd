// The BFF as its own integration tests start it, in-process (a test may read its stores or logs); the servers
// around it come from the testkit, which also starts it as a process for other workspaces' tests.
import { serveOnFreePort, stackEnv, type Cleanups, type StackUrls } from '@kicksight/testkit';
import { closeServer, openInfra, type Infra, type Logger } from '@kicksight/platform';
import { createApp, type BffApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

export const SERVICE_TOKEN = 'bff-integration-service-token';

export interface BffOptions {
  stack: StackUrls;
  prefix: string;
  cleanups: Cleanups;
  env: Record<string, string>;
  /** Starts the consumers too (the event relay and the denylist). */
  start?: boolean;
  logger?: Logger;
  /** Another way to the run's Redis (a proxy the test can cut). */
  redisUrl?: string;
}

/** A BFF built as main.ts builds it, on a free port, against the shared Redis and Kafka. */
export async function startBff({ stack, prefix, cleanups, env, start = false, logger, redisUrl = stack.redis }: BffOptions): Promise<{ url: string; app: BffApp; infra: Infra }> {
  const config = loadConfig({
    SERVICE_TOKEN,
    ...stackEnv(stack, prefix),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const opened = await openInfra({ name: 'bff', logLevel: 'silent', redisUrl, kafka: { brokers: stack.kafkaBrokers, prefix } });
  cleanups.add(opened.close);
  const infra = logger ? { ...opened.infra, logger } : opened.infra;
  const app = createApp({ infra, config });
  cleanups.add(() => app.stop());
  if (start) await app.start();
  const { url, server } = await serveOnFreePort(app.app, cleanups);
  cleanups.add(async () => {
    app.endStreams();
    await closeServer(server, 500);
  });
  return { url, app, infra };
}
